import { Link } from 'react-router-dom';
import { AppPath } from '../../app/paths';

/** The brand's name, the same in every language. */
const BRAND_NAME = 'Khata';

/**
 * The brand, linking home. Its accessible name is its visible text, "Khata" (WCAG 2.5.3): a
 * voice user says what they see.
 */
export function BrandMark({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to={AppPath.home} className="brand-mark" onClick={onNavigate}>
      <span className="brand-mark__logo" aria-hidden="true">
        K
      </span>
      <span className="brand-mark__name">{BRAND_NAME}</span>
    </Link>
  );
}
