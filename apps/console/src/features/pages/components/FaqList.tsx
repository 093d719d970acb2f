import type { Faq } from '../content-types';

/** Questions that open on a tap; native details elements, so they work with any input. */
export function FaqList({ faqs }: { faqs: readonly Faq[] }) {
  return (
    <div className="content-faqs">
      {faqs.map((faq) => (
        <details key={faq.question} className="content-faqs__item">
          <summary className="content-faqs__question">{faq.question}</summary>
          <p className="content-faqs__answer">{faq.answer}</p>
        </details>
      ))}
    </div>
  );
}
