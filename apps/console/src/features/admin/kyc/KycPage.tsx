import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input, Skeleton, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  checkAadhaarLast4,
  checkPan,
  KYC_PHOTO_MAX_BYTES,
  KYC_SWITCHES_NOTHING,
  KycMessages,
  kycPromise,
} from '@khata/domain';
import { ruleFrom } from '../../../ui/formRules';
import { AdminPage } from '../common/AdminPage';
import { formatDateTime } from '../common/dates';
import { maskedAadhaar, PAN_EXAMPLE, useKycStatus, useSubmitKyc, type OwnKyc } from './api';
import { KycStateTag } from './KycStateTag';
import { PanTask } from './PanTask';
import './kyc.css';
import { localizeMessage } from '../../../i18n/messages';
import { FocusedResult } from '../../../ui/FocusedResult';

interface KycValues {
  pan?: string;
  aadhaarLast4?: string;
  photo?: UploadFile[];
}

const PHOTO_TYPES = 'image/png,image/jpeg,image/webp';

/** Issue 12: the user's own KYC, its state and why it was rejected, and the form to send it. */
export function KycPage() {
  const { t } = useTranslation('kyc');
  const status = useKycStatus();
  return (
    <AdminPage title={t('page.title')} intro={t('page.intro')}>
      {status.isPending && <Skeleton active />}
      {status.isError && <Alert type="error" showIcon title={status.error.message} />}
      {status.data && <KycScreen status={status.data} />}
    </AdminPage>
  );
}

function KycScreen({ status }: { status: OwnKyc }) {
  const { t } = useTranslation('kyc');
  const promise = kycPromise(status.state, status.awaitingKyc);
  const canSend = status.state === 'none' || status.state === 'rejected';
  // The form goes once the KYC is sent: its answer is said here, with the focus (issue 30).
  const [sent, setSent] = useState<string>();
  return (
    <div className="kyc">
      <Card
        className="admin-card"
        title={t('page.yours')}
        extra={
          <KycStateTag state={status.state} checked={status.checked} panOnFile={status.panOnFile} />
        }
      >
        {sent && (
          <FocusedResult result={sent} className="kyc__alert">
            <Alert type="success" showIcon title={sent} />
          </FocusedResult>
        )}
        {status.state === 'approved' ? (
          <Alert
            type={status.checked ? 'success' : 'warning'}
            showIcon
            title={status.checked ? t('page.approved') : t('page.predates')}
          />
        ) : (
          <Alert
            type={status.state === 'rejected' ? 'error' : 'info'}
            showIcon
            title={promise ?? KYC_SWITCHES_NOTHING}
            description={status.reason ? t('reason', { reason: status.reason }) : undefined}
            data-testid="kyc-state-message"
          />
        )}
        {status.submittedAt && (
          <Descriptions className="kyc__sent" size="small" column={1}>
            <Descriptions.Item label={t('page.pan')}>{status.pan}</Descriptions.Item>
            <Descriptions.Item label={t('page.aadhaar')}>
              {maskedAadhaar(status.aadhaarLast4)}
            </Descriptions.Item>
            <Descriptions.Item label={t('page.sent')}>
              {formatDateTime(status.submittedAt)}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      {status.state === 'approved' && <PanTask needed={!status.panOnFile} />}
      {canSend && <KycForm again={status.state === 'rejected'} onSent={setSent} />}
    </div>
  );
}

function KycForm({ again, onSent }: { again: boolean; onSent: (answer: string) => void }) {
  const { t } = useTranslation('kyc');
  const [form] = Form.useForm<KycValues>();
  const submit = useSubmitKyc();

  const send = ({ pan, aadhaarLast4, photo }: KycValues) => {
    const file = photo?.[0]?.originFileObj;
    if (!pan || !aadhaarLast4 || !file) return;
    submit.mutate(
      { pan: pan.trim().toUpperCase(), aadhaarLast4: aadhaarLast4.trim(), photo: file },
      {
        onSuccess: (answer) => onSent(localizeMessage(answer.message ?? KycMessages.submitted)),
      },
    );
  };

  return (
    <Card className="admin-card" title={again ? t('form.titleAgain') : t('form.title')}>
      {submit.isError && (
        <FocusedResult result={submit.error} className="kyc__alert">
          <Alert type="error" showIcon title={submit.error.message} />
        </FocusedResult>
      )}
      <Form<KycValues>
        form={form}
        name="kyc"
        layout="vertical"
        disabled={submit.isPending}
        onFinish={send}
        onValuesChange={() => submit.isError && submit.reset()}
      >
        <Form.Item name="pan" label={t('pan.label')} rules={[ruleFrom(checkPan)]}>
          <Input maxLength={10} autoComplete="off" placeholder={PAN_EXAMPLE} className="kyc__pan" />
        </Form.Item>
        <Form.Item
          name="aadhaarLast4"
          label={t('form.aadhaar.label')}
          extra={t('form.aadhaar.extra')}
          rules={[ruleFrom(checkAadhaarLast4)]}
        >
          <Input
            inputMode="numeric"
            autoComplete="off"
            maxLength={14}
            placeholder={t('form.aadhaar.placeholder')}
          />
        </Form.Item>
        <Form.Item
          name="photo"
          label={t('form.photo.label')}
          extra={t('form.photo.extra')}
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
          rules={[
            {
              validator: async (_rule, files: UploadFile[] | undefined) => {
                const file = files?.[0];
                if (!file) throw new Error(localizeMessage(KycMessages.photoRequired));
                if ((file.size ?? 0) > KYC_PHOTO_MAX_BYTES)
                  throw new Error(localizeMessage(KycMessages.photoTooLarge));
              },
            },
          ]}
        >
          <Upload accept={PHOTO_TYPES} beforeUpload={() => false} maxCount={1} listType="picture">
            <Button>{t('form.photo.choose')}</Button>
          </Upload>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          {t('form.submit')}
        </Button>
      </Form>
    </Card>
  );
}
