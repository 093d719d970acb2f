import { Link } from 'react-router-dom';
import { AppPath } from '../../app/paths';

export function BrandMark({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to={AppPath.home} className="brand-mark" onClick={onNavigate} aria-label="Khata home">
      <span className="brand-mark__logo" aria-hidden="true">
        K
      </span>
      <span className="brand-mark__name">Khata</span>
    </Link>
  );
}
