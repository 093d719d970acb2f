import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { AppPath } from '../../../app/paths';
import { PageIntro } from '../components/PageIntro';
import { formatDate } from '../format';
import type { LegalDocumentContent } from './legal-document';
import './legal.css';

const legalDocuments = [
  { name: 'privacy', to: AppPath.privacyPolicy },
  { name: 'terms', to: AppPath.termsAndConditions },
  { name: 'cookie', to: AppPath.cookiePolicy },
  { name: 'refund', to: AppPath.refundPolicy },
] as const;

const DOCUMENT_NAMES = {
  privacy: 'legal.names.privacy',
  terms: 'legal.names.terms',
  cookie: 'legal.names.cookie',
  refund: 'legal.names.refund',
} as const;

/** The layout the four legal pages share: date of the last change, contents, numbered sections. */
export function LegalDocument({ document }: { document: LegalDocumentContent }) {
  const { t } = useTranslation('pages');
  const { intro, lastUpdated, sections } = document;
  const { pathname } = useLocation();
  return (
    <>
      <PageIntro content={intro}>
        <p className="legal-updated">
          <Trans
            t={t}
            i18nKey="legal.lastUpdated"
            values={{ date: formatDate(lastUpdated) }}
            components={{ time: <time dateTime={lastUpdated} /> }}
          />
        </p>
      </PageIntro>

      <div className="content-inner legal-layout">
        <nav className="legal-toc" aria-labelledby="legal-toc-title">
          <p id="legal-toc-title" className="legal-toc__title">
            {t('legal.onThisPage')}
          </p>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="legal-body">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`} className="legal-body__heading">
                <span className="legal-body__number">{index + 1}.</span> {section.heading}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
              {section.list && (
                <ul>
                  {section.list.map((item) => (
                    <li key={item.slice(0, 40)}>{item}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}

          <nav className="legal-others" aria-label={t('legal.otherPolicies')}>
            <p className="legal-others__title">{t('legal.otherPolicies')}</p>
            <ul>
              {legalDocuments
                .filter((other) => other.to !== pathname)
                .map((other) => (
                  <li key={other.to}>
                    <Link to={other.to}>{t(DOCUMENT_NAMES[other.name])}</Link>
                  </li>
                ))}
            </ul>
          </nav>
        </div>
      </div>
    </>
  );
}
