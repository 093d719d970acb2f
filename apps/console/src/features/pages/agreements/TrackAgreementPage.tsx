import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Tag, Timeline } from 'antd';
import { checkMobile, showIndiaDate, showIndiaDateTime } from '@khata/domain';
import { ruleFrom } from '../../../ui/formRules';
import { ContentSection } from '../components/ContentSection';
import { PageIntro } from '../components/PageIntro';
import { StepList } from '../components/StepList';
import { checkAgreementReference } from './agreement-reference';
import { trackRentAgreement, type RentTrackDto } from './api';
import { mobileHelp, referenceHelp, STATUS_WORDS, stages, STEP_WORDS, trackIntro } from './content';
import './track-agreement.css';

interface TrackForm {
  reference: string;
  mobile: string;
}

/**
 * /trackAgreement: an agreement's progress by its reference and the mobile number of one of
 * its parties (`GET /api/public/rent-agreements/track`). A mismatch of either is the same "not
 * found", so the page tells nothing about an agreement to someone who is not on it.
 */
export function TrackAgreementPage() {
  const [answer, setAnswer] = useState<RentTrackDto>();
  const [refusal, setRefusal] = useState<string>();
  const [loading, setLoading] = useState(false);

  const track = async ({ reference, mobile }: TrackForm) => {
    const ref = checkAgreementReference(reference);
    const phone = checkMobile(mobile);
    if (!ref.ok || !phone.ok) return;
    setLoading(true);
    setRefusal(undefined);
    setAnswer(undefined);
    try {
      setAnswer(await trackRentAgreement(ref.value, phone.value));
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : 'The agreement could not be looked up.');
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <PageIntro content={trackIntro} />
      <div className="content-inner">
        <div className="track-agreement">
          <Form<TrackForm>
            name="track-agreement"
            layout="vertical"
            onFinish={(values) => void track(values)}
            onValuesChange={() => {
              setAnswer(undefined);
              setRefusal(undefined);
            }}
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
            <Form.Item
              label="Mobile number"
              name="mobile"
              extra={mobileHelp}
              rules={[ruleFrom(checkMobile)]}
            >
              <Input size="large" inputMode="numeric" maxLength={10} autoComplete="tel-national" />
            </Form.Item>
            <Button type="primary" size="large" htmlType="submit" loading={loading}>
              Track agreement
            </Button>
          </Form>

          <div role="status" className="track-agreement__answer">
            {refusal && <Alert type="error" showIcon title={refusal} />}
            {answer && (
              <>
                <Descriptions
                  bordered
                  size="small"
                  column={1}
                  title={`Agreement ${answer.reference}`}
                  items={[
                    {
                      key: 'status',
                      label: 'Status',
                      children: (
                        <Tag color={answer.status === 'completed' ? 'green' : 'blue'}>
                          {STATUS_WORDS[answer.status] ?? answer.status}
                        </Tag>
                      ),
                    },
                    {
                      key: 'where',
                      label: 'Property',
                      children: `${answer.city}, ${answer.state}`,
                    },
                    {
                      key: 'term',
                      label: 'Term',
                      children: `${answer.termMonths} months from ${showIndiaDate(answer.startDate)}`,
                    },
                    ...answer.parties.map((party, index) => ({
                      key: `party-${index}`,
                      label: `${party.role === 'landlord' ? 'Landlord' : 'Tenant'}: ${party.name}`,
                      children: party.signed
                        ? `Signed ${showIndiaDateTime(party.signedAt)}`
                        : 'Not signed yet',
                    })),
                  ]}
                />
                <Timeline
                  className="track-agreement__steps"
                  items={answer.steps.map((step, index) => ({
                    key: index,
                    children: `${STEP_WORDS[step.kind] ?? step.kind}, ${showIndiaDateTime(step.at)}`,
                  }))}
                />
              </>
            )}
          </div>
        </div>
      </div>

      <ContentSection title="The stages of an agreement" tone="muted">
        <StepList steps={stages} />
      </ContentSection>
    </>
  );
}
