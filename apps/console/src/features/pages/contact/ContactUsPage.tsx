import { Alert, Card, Typography } from 'antd';
import { CallbackBox } from '../../../shells/public/callback/CallbackBox';
import { SUPPORT_CONTACTS, callUrl, whatsappUrl } from '../../../shells/public/support-contacts';
import { COMPANY } from '../company/company-facts';
import { PageIntro } from '../components/PageIntro';
import { contactIntro, safetyNote, signedInHelp } from './content';
import './contact.css';

export function ContactUsPage() {
  return (
    <>
      <PageIntro content={contactIntro} />
      <div className="content-inner contact-layout">
        <section className="contact-details" aria-labelledby="contact-details-title">
          <Typography.Title id="contact-details-title" level={2} className="visually-hidden">
            How to reach us
          </Typography.Title>
          <Card variant="outlined" className="contact-card">
            <dl className="content-facts">
              <div>
                <dt>Support line</dt>
                <dd>
                  <a href={callUrl}>{SUPPORT_CONTACTS.phone.display}</a>
                </dd>
              </div>
              <div>
                <dt>WhatsApp</dt>
                <dd>
                  <a href={whatsappUrl} target="_blank" rel="noopener noreferrer">
                    {SUPPORT_CONTACTS.whatsapp.display}
                  </a>
                </dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>
                  <a href={`mailto:${SUPPORT_CONTACTS.email}`}>{SUPPORT_CONTACTS.email}</a>
                </dd>
              </div>
              <div>
                <dt>Support hours</dt>
                <dd>{SUPPORT_CONTACTS.hours}</dd>
              </div>
            </dl>
          </Card>
          <Card variant="outlined" className="contact-card">
            <dl className="content-facts">
              <div>
                <dt>Registered office</dt>
                <dd>
                  <address className="contact-address">
                    {COMPANY.registeredOffice.map((line) => (
                      <span key={line}>{line}</span>
                    ))}
                  </address>
                </dd>
              </div>
              <div>
                <dt>Grievance officer</dt>
                <dd>
                  {COMPANY.grievanceOfficer.name},{' '}
                  <a href={`mailto:${COMPANY.grievanceOfficer.email}`}>
                    {COMPANY.grievanceOfficer.email}
                  </a>
                </dd>
              </div>
            </dl>
          </Card>
          <Typography.Paragraph className="contact-note">{signedInHelp}</Typography.Paragraph>
          <Alert
            type="warning"
            showIcon
            title="Keep your PIN to yourself"
            description={safetyNote}
          />
        </section>

        <div className="contact-callback">
          <CallbackBox variant="full" />
        </div>
      </div>
    </>
  );
}
