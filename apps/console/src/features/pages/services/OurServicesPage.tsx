import { Typography } from 'antd';
import { RTGS_MIN } from '@khata/domain';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AppPath } from '../../../app/paths';
import { ButtonLink } from '../../../ui/ButtonLink';
import { ContentSection } from '../components/ContentSection';
import { HighlightGrid } from '../components/HighlightGrid';
import { PageIntro } from '../components/PageIntro';
import type { Highlight, PageIntroContent } from '../content-types';
import { wholeRupees } from '../format';
import {
  COUNTER_SERVICE_PAGES,
  PAYMENT_SERVICE_PAGES,
  standardFees,
  type ServiceSummary,
} from './content/our-services';
import './our-services.css';

/** /our-services and /legal/our-services: every service, what it costs, and where to read more. */
export function OurServicesPage() {
  const { t } = useTranslation('pages');
  const intro = t('ourServices.intro', { returnObjects: true }) as PageIntroContent;
  const payments = (
    t('ourServices.payments', {
      returnObjects: true,
      rtgsMin: wholeRupees(RTGS_MIN),
    }) as Highlight[]
  ).map((item, index): ServiceSummary => ({ ...item, to: PAYMENT_SERVICE_PAGES[index] }));
  const counter = (t('ourServices.counter', { returnObjects: true }) as Highlight[]).map(
    (item, index): ServiceSummary => ({ ...item, to: COUNTER_SERVICE_PAGES[index] }),
  );
  const readMore = ({ to, title }: ServiceSummary) =>
    to ? (
      <Link
        className="content-card__link"
        to={to}
        aria-label={t('ourServices.moreAbout', { service: title.toLowerCase() })}
      >
        {t('ourServices.learnMore')}
      </Link>
    ) : null;

  return (
    <>
      <PageIntro content={intro}>
        <ButtonLink type="primary" size="large" to={AppPath.signup}>
          {t('ourServices.openAccount')}
        </ButtonLink>
        <ButtonLink size="large" to={AppPath.contactUs}>
          {t('ourServices.talkToUs')}
        </ButtonLink>
      </PageIntro>

      <ContentSection title={t('ourServices.paymentsTitle')} intro={t('ourServices.paymentsIntro')}>
        <HighlightGrid items={payments} footer={readMore} />
      </ContentSection>

      <ContentSection
        title={t('ourServices.counterTitle')}
        intro={t('ourServices.counterIntro')}
        tone="muted"
      >
        <HighlightGrid items={counter} footer={readMore} />
      </ContentSection>

      <ContentSection title={t('ourServices.fees.title')} intro={t('ourServices.fees.note')}>
        <div className="fee-table__scroll">
          <table className="fee-table">
            <thead>
              <tr>
                <th scope="col">{t('ourServices.fees.service')}</th>
                <th scope="col">{t('ourServices.fees.amount')}</th>
                <th scope="col">{t('ourServices.fees.fee')}</th>
              </tr>
            </thead>
            <tbody>
              {standardFees(t).map((row) => (
                <tr key={`${row.service} ${row.range}`}>
                  <td>{row.service}</td>
                  <td>{row.range}</td>
                  <td className="fee-table__fee">{row.fee}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Typography.Paragraph className="fee-table__legal">
          <Trans
            t={t}
            i18nKey="ourServices.fees.legal"
            components={{
              terms: <Link to={AppPath.termsAndConditions} />,
              refund: <Link to={AppPath.refundPolicy} />,
            }}
          />
        </Typography.Paragraph>
      </ContentSection>
    </>
  );
}
