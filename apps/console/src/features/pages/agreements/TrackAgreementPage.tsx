import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Tag, Timeline } from 'antd';
import { checkMobile } from '@khata/domain';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../i18n/format';
import { ruleFrom } from '../../../ui/formRules';
import { ContentSection } from '../components/ContentSection';
import { PageIntro } from '../components/PageIntro';
import { StepList } from '../components/StepList';
import type { Highlight, PageIntroContent } from '../content-types';
import { checkAgreementReference } from './agreement-reference';
import { trackRentAgreement, type RentTrackDto } from './api';
import './track-agreement.css';

/** How the tracker names each step the API reports. */
const STEP_WORDS: Record<string, string> = {
  drafted: 'agreements.steps.drafted',
  paid: 'agreements.steps.paid',
  'stamp-failed': 'agreements.steps.stampFailed',
  stamped: 'agreements.steps.stamped',
  'sent-for-signing': 'agreements.steps.sentForSigning',
  signed: 'agreements.steps.signed',
  completed: 'agreements.steps.completed',
  cancelled: 'agreements.steps.cancelled',
  'cancelled-refunded': 'agreements.steps.cancelledRefunded',
} as const;

const STATUS_WORDS: Record<string, string> = {
  draft: 'agreements.statuses.draft',
  paid: 'agreements.statuses.paid',
  stamped: 'agreements.statuses.stamped',
  signing: 'agreements.statuses.signing',
  signed: 'agreements.statuses.signed',
  completed: 'agreements.statuses.completed',
  cancelled: 'agreements.statuses.cancelled',
} as const;

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
  const { t } = useTranslation('pages');
  const [answer, setAnswer] = useState<RentTrackDto>();
  const stepWords = (kind: string) => (STEP_WORDS[kind] ? t(STEP_WORDS[kind]) : kind);
  const statusWords = (status: string) => (STATUS_WORDS[status] ? t(STATUS_WORDS[status]) : status);
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
      setRefusal(error instanceof Error ? error.message : t('agreements.lookupFailed'));
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <PageIntro content={t('agreements.intro', { returnObjects: true }) as PageIntroContent} />
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
              label={t('agreements.referenceLabel')}
              name="reference"
              extra={t('agreements.referenceHelp')}
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
              label={t('agreements.mobileLabel')}
              name="mobile"
              extra={t('agreements.mobileHelp')}
              rules={[ruleFrom(checkMobile)]}
            >
              <Input size="large" inputMode="numeric" maxLength={10} autoComplete="tel-national" />
            </Form.Item>
            <Button type="primary" size="large" htmlType="submit" loading={loading}>
              {t('agreements.submit')}
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
                  title={t('agreements.answer.title', { reference: answer.reference })}
                  items={[
                    {
                      key: 'status',
                      label: t('agreements.answer.status'),
                      children: (
                        <Tag color={answer.status === 'completed' ? 'green' : 'blue'}>
                          {statusWords(answer.status)}
                        </Tag>
                      ),
                    },
                    {
                      key: 'where',
                      label: t('agreements.answer.property'),
                      children: `${answer.city}, ${answer.state}`,
                    },
                    {
                      key: 'term',
                      label: t('agreements.answer.term'),
                      children: t('agreements.answer.termValue', {
                        count: answer.termMonths,
                        date: formatDate(answer.startDate),
                      }),
                    },
                    ...answer.parties.map((party, index) => ({
                      key: `party-${index}`,
                      label:
                        party.role === 'landlord'
                          ? t('agreements.answer.landlord', { name: party.name })
                          : t('agreements.answer.tenant', { name: party.name }),
                      children: party.signed
                        ? t('agreements.answer.signedAt', { when: formatDateTime(party.signedAt) })
                        : t('agreements.answer.notSigned'),
                    })),
                  ]}
                />
                <Timeline
                  className="track-agreement__steps"
                  items={answer.steps.map((step, index) => ({
                    key: index,
                    children: t('agreements.answer.stepAt', {
                      step: stepWords(step.kind),
                      when: formatDateTime(step.at),
                    }),
                  }))}
                />
              </>
            )}
          </div>
        </div>
      </div>

      <ContentSection title={t('agreements.stagesTitle')} tone="muted">
        <StepList steps={t('agreements.stages', { returnObjects: true }) as Highlight[]} />
      </ContentSection>
    </>
  );
}
