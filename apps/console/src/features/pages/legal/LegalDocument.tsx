import { Link, useLocation } from 'react-router-dom';
import { AppPath } from '../../../app/paths';
import { PageIntro } from '../components/PageIntro';
import { formatDate } from '../format';
import type { LegalDocumentContent } from './legal-document';
import './legal.css';

const legalDocuments = [
  { label: 'Privacy policy', to: AppPath.privacyPolicy },
  { label: 'Terms and conditions', to: AppPath.termsAndConditions },
  { label: 'Cookie policy', to: AppPath.cookiePolicy },
  { label: 'Refund policy', to: AppPath.refundPolicy },
];

/** The layout the four legal pages share: date of the last change, contents, numbered sections. */
export function LegalDocument({ document }: { document: LegalDocumentContent }) {
  const { intro, lastUpdated, sections } = document;
  const { pathname } = useLocation();
  return (
    <>
      <PageIntro content={intro}>
        <p className="legal-updated">
          Last updated <time dateTime={lastUpdated}>{formatDate(lastUpdated)}</time>
        </p>
      </PageIntro>

      <div className="content-inner legal-layout">
        <nav className="legal-toc" aria-labelledby="legal-toc-title">
          <p id="legal-toc-title" className="legal-toc__title">
            On this page
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

          <nav className="legal-others" aria-label="Other policies">
            <p className="legal-others__title">Other policies</p>
            <ul>
              {legalDocuments
                .filter((other) => other.to !== pathname)
                .map((other) => (
                  <li key={other.to}>
                    <Link to={other.to}>{other.label}</Link>
                  </li>
                ))}
            </ul>
          </nav>
        </div>
      </div>
    </>
  );
}
