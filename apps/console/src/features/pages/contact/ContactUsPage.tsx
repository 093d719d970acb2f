import { Alert, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CallbackBox } from '../../../shells/public/callback/CallbackBox';
import { SUPPORT_CONTACTS, callUrl, whatsappUrl } from '../../../shells/public/support-contacts';
import { COMPANY } from '../company/company-facts';
import { PageIntro } from '../components/PageIntro';
import type { PageIntroContent } from '../content-types';
import './contact.css';

export function ContactUsPage() {
  const { t } = useTranslation('pages');
  return (
    <>
      <PageIntro content={t('contact.intro', { returnObjects: true }) as PageIntroContent} />
      <div className="content-inner contact-layout">
        <section className="contact-details" aria-labelledby="contact-details-title">
          <Typography.Title id="contact-details-title" level={2} className="visually-hidden">
            {t('contact.howToReach')}
          </Typography.Title>
          <Card variant="outlined" className="contact-card">
            <dl className="content-facts">
              <div>
                <dt>{t('contact.supportLine')}</dt>
                <dd>
                  <a href={callUrl}>{SUPPORT_CONTACTS.phone.display}</a>
                </dd>
              </div>
              <div>
                <dt>{t('contact.whatsapp')}</dt>
                <dd>
                  <a href={whatsappUrl} target="_blank" rel="noopener noreferrer">
                    {SUPPORT_CONTACTS.whatsapp.display}
                  </a>
                </dd>
              </div>
              <div>
                <dt>{t('contact.email')}</dt>
                <dd>
                  <a href={`mailto:${SUPPORT_CONTACTS.email}`}>{SUPPORT_CONTACTS.email}</a>
                </dd>
              </div>
              <div>
                <dt>{t('contact.supportHours')}</dt>
                <dd>{t('public:support.hours')}</dd>
              </div>
            </dl>
          </Card>
          <Card variant="outlined" className="contact-card">
            <dl className="content-facts">
              <div>
                <dt>{t('contact.registeredOffice')}</dt>
                <dd>
                  <address className="contact-address">
                    {COMPANY.registeredOffice.map((line) => (
                      <span key={line}>{line}</span>
                    ))}
                  </address>
                </dd>
              </div>
              <div>
                <dt>{t('contact.grievanceOfficer')}</dt>
                <dd>
                  {COMPANY.grievanceOfficer.name},{' '}
                  <a href={`mailto:${COMPANY.grievanceOfficer.email}`}>
                    {COMPANY.grievanceOfficer.email}
                  </a>
                </dd>
              </div>
            </dl>
          </Card>
          <Typography.Paragraph className="contact-note">
            {t('contact.signedInHelp')}
          </Typography.Paragraph>
          <Alert
            type="warning"
            showIcon
            title={t('contact.safetyTitle')}
            description={t('contact.safetyNote')}
          />
        </section>

        <div className="contact-callback">
          <CallbackBox variant="full" />
        </div>
      </div>
    </>
  );
}
