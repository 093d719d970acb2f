import type { Highlight } from '../content-types';

/** Numbered steps of a process, each a short title and a line of explanation. */
export function StepList({ steps }: { steps: readonly Highlight[] }) {
  return (
    <ol className="content-steps">
      {steps.map((step) => (
        <li key={step.title} className="content-steps__item">
          <h3 className="content-steps__title">{step.title}</h3>
          <p className="content-steps__body">{step.body}</p>
        </li>
      ))}
    </ol>
  );
}
