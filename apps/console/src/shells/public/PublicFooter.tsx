import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BrandMark } from './BrandMark';
import { footerGroups } from './navigation';

export function PublicFooter() {
  const { t } = useTranslation('public');
  return (
    <footer className="public-footer">
      <div className="public-footer__inner">
        <div className="public-footer__about">
          <BrandMark />
          <p>{t('footer.about')}</p>
        </div>
        {footerGroups.map((group) => (
          <nav key={group.id} className="public-footer__group" aria-label={group.heading(t)}>
            <h2 className="public-footer__heading">{group.heading(t)}</h2>
            <ul>
              {group.items.map((item) => (
                <li key={item.to}>
                  <Link to={item.to}>{item.label(t)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="public-footer__legal">
        {/* The year of the prerender (issue 30) may be last year's: the browser's own wins. */}
        <p suppressHydrationWarning>{t('footer.rights', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
