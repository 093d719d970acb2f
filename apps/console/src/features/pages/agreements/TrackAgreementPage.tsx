import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { ruleFrom } from '../../../ui/formRules';
import { SUPPORT_CONTACTS, callUrl, whatsappUrl } from '../../../shells/public/support-contacts';
import { ContentSection } from '../components/ContentSection';
import { PageIntro } from '../components/PageIntro';
import { StepList } from '../components/StepList';
import { checkAgreementReference } from './agreement-reference';
import { notConnected, referenceHelp, stages, trackIntro } from './content';
import './track-agreement.css';

interface TrackForm {
  reference: string;
}

/**
 * /trackAgreement. No tracking service is connected yet, so the page says so for the
 * reference entered instead of inventing a status, and tells the visitor who can answer.
 */
export function TrackAgreementPage() {
  const [askedFor, setAskedFor] = useState<string | null>(null);

  const track = ({ reference }: TrackForm) => {
    const checked = checkAgreementReference(reference);
    if (checked.ok) setAskedFor(checked.value);
  };

  return (
    <>
      <PageIntro content={trackIntro} />
      <div className="content-inner">
        <div className="track-agreement">
          <Form<TrackForm>
            name="track-agreement"
            layout="vertical"
            onFinish={track}
            onValuesChange={() => setAskedFor(null)}
            className="track-agreement__form"
          >
            <Form.Item
              label="Agreement reference"
              name="reference"
              extra={referenceHelp}
              rules={[ruleFrom(checkAgreementReference)]}
            >
              <Input
                size="large"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
              />
            </Form.Item>
            <Button type="primary" size="large" htmlType="submit">
              Track agreement
            </Button>
          </Form>

          <div role="status" className="track-agreement__answer">
            {askedFor && (
              <Alert
                type="info"
                showIcon
                title={`${notConnected.title}: we could not look up ${askedFor}.`}
                description={
                  <>
                    <p>{notConnected.body}</p>
                    <p className="track-agreement__contacts">
                      <a href={callUrl}>Call {SUPPORT_CONTACTS.phone.display}</a>
                      <a href={whatsappUrl} target="_blank" rel="noopener noreferrer">
                        WhatsApp {SUPPORT_CONTACTS.whatsapp.display}
                      </a>
                    </p>
                  </>
                }
              />
            )}
          </div>
        </div>
      </div>

      <ContentSection
        title="The stages of an agreement"
        intro="Support will tell you which of these stages your agreement has reached."
        tone="muted"
      >
        <StepList steps={stages} />
      </ContentSection>
    </>
  );
}
