import { Link } from 'react-router-dom';
import { BrandMark } from './BrandMark';
import { footerGroups } from './navigation';

export function PublicFooter() {
  return (
    <footer className="public-footer">
      <div className="public-footer__inner">
        <div className="public-footer__about">
          <BrandMark />
          <p>
            Wallets, bank payouts, wallet transfers, AEPS settlement and bill payments for
            India&apos;s retailers and distributors.
          </p>
        </div>
        {footerGroups.map((group) => (
          <nav key={group.heading} className="public-footer__group" aria-label={group.heading}>
            <h2 className="public-footer__heading">{group.heading}</h2>
            <ul>
              {group.items.map((item) => (
                <li key={item.to}>
                  <Link to={item.to}>{item.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="public-footer__legal">
        <p>© {new Date().getFullYear()} Khata Payments Pvt. Ltd. All rights reserved.</p>
      </div>
    </footer>
  );
}
