import { Typography } from 'antd';
import { Link } from 'react-router-dom';
import { AppPath } from '../../../app/paths';
import { ButtonLink } from '../../../ui/ButtonLink';
import { ContentSection } from '../components/ContentSection';
import { HighlightGrid } from '../components/HighlightGrid';
import { PageIntro } from '../components/PageIntro';
import {
  counterServices,
  feesNote,
  ourServicesIntro,
  paymentServices,
  standardFees,
  type ServiceSummary,
} from './content/our-services';
import './our-services.css';

/** /our-services and /legal/our-services: every service, what it costs, and where to read more. */
export function OurServicesPage() {
  return (
    <>
      <PageIntro content={ourServicesIntro}>
        <ButtonLink type="primary" size="large" to={AppPath.signup}>
          Open an account
        </ButtonLink>
        <ButtonLink size="large" to={AppPath.contactUs}>
          Talk to us
        </ButtonLink>
      </PageIntro>

      <ContentSection
        title="Payments"
        intro="The core of every Khata account, for retailers and distributors alike."
      >
        <HighlightGrid items={paymentServices} footer={readMore} />
      </ContentSection>

      <ContentSection
        title="Services at your counter"
        intro="More reasons for customers to walk into your shop."
        tone="muted"
      >
        <HighlightGrid items={counterServices} footer={readMore} />
      </ContentSection>

      <ContentSection title="Standard fees" intro={feesNote}>
        <div className="fee-table__scroll">
          <table className="fee-table">
            <thead>
              <tr>
                <th scope="col">Service</th>
                <th scope="col">Amount</th>
                <th scope="col">Fee</th>
              </tr>
            </thead>
            <tbody>
              {standardFees.map((row) => (
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
          Read the <Link to={AppPath.termsAndConditions}>terms and conditions</Link> and the{' '}
          <Link to={AppPath.refundPolicy}>refund policy</Link> that apply to these services.
        </Typography.Paragraph>
      </ContentSection>
    </>
  );
}

function readMore({ to, title }: ServiceSummary) {
  if (!to) return null;
  return (
    <Link className="content-card__link" to={to} aria-label={`More about ${title.toLowerCase()}`}>
      Learn more →
    </Link>
  );
}
