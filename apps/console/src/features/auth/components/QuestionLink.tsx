import { Link } from 'react-router-dom';

/**
 * "New to Khata? Open an account": a question under a sign-in form and the link that answers
 * it. Two texts rather than one with a link tag inside: react-i18next's `<Trans>` (about 4 kB
 * compressed with its markup parser) stayed out of the sign-in screens' first load.
 */
export function QuestionLink({
  question,
  link,
  to,
}: {
  question: string;
  link: string;
  to: string;
}) {
  return (
    <p>
      {question} <Link to={to}>{link}</Link>
    </p>
  );
}
