import { Alert, App, Button, Card, Descriptions, Form, Input, Skeleton, Upload } from 'antd';
import type { UploadFile } from 'antd';
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
import { useKycStatus, useSubmitKyc, type OwnKyc } from './api';
import { KycStateTag } from './KycStateTag';
import { PanTask } from './PanTask';
import './kyc.css';

interface KycValues {
  pan?: string;
  aadhaarLast4?: string;
  photo?: UploadFile[];
}

const PHOTO_TYPES = 'image/png,image/jpeg,image/webp';

/** Issue 12: the user's own KYC, its state and why it was rejected, and the form to send it. */
export function KycPage() {
  const status = useKycStatus();
  return (
    <AdminPage
      title="KYC"
      intro="Your KYC is your PAN, the last 4 digits of your Aadhaar and a photo of your shop, verified by our team."
    >
      {status.isPending && <Skeleton active />}
      {status.isError && <Alert type="error" showIcon title={status.error.message} />}
      {status.data && <KycScreen status={status.data} />}
    </AdminPage>
  );
}

function KycScreen({ status }: { status: OwnKyc }) {
  const promise = kycPromise(status.state, status.awaitingKyc);
  const canSend = status.state === 'none' || status.state === 'rejected';
  return (
    <div className="kyc">
      <Card
        className="admin-card"
        title="Your KYC"
        extra={
          <KycStateTag state={status.state} checked={status.checked} panOnFile={status.panOnFile} />
        }
      >
        {status.state === 'approved' ? (
          <Alert
            type={status.checked ? 'success' : 'warning'}
            showIcon
            title={
              status.checked
                ? 'Your KYC is approved.'
                : 'Your account predates KYC, so no documents were checked.'
            }
          />
        ) : (
          <Alert
            type={status.state === 'rejected' ? 'error' : 'info'}
            showIcon
            title={promise ?? KYC_SWITCHES_NOTHING}
            description={status.reason ? `Reason: ${status.reason}` : undefined}
            data-testid="kyc-state-message"
          />
        )}
        {status.submittedAt && (
          <Descriptions className="kyc__sent" size="small" column={1}>
            <Descriptions.Item label="PAN">{status.pan}</Descriptions.Item>
            <Descriptions.Item label="Aadhaar">XXXX XXXX {status.aadhaarLast4}</Descriptions.Item>
            <Descriptions.Item label="Sent">{formatDateTime(status.submittedAt)}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      {status.state === 'approved' && !status.panOnFile && <PanTask />}
      {canSend && <KycForm again={status.state === 'rejected'} />}
    </div>
  );
}

function KycForm({ again }: { again: boolean }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<KycValues>();
  const submit = useSubmitKyc();

  const send = ({ pan, aadhaarLast4, photo }: KycValues) => {
    const file = photo?.[0]?.originFileObj;
    if (!pan || !aadhaarLast4 || !file) return;
    submit.mutate(
      { pan: pan.trim().toUpperCase(), aadhaarLast4: aadhaarLast4.trim(), photo: file },
      {
        onSuccess: (answer) => {
          message.success(answer.message ?? KycMessages.submitted);
        },
      },
    );
  };

  return (
    <Card className="admin-card" title={again ? 'Send your KYC again' : 'Send your KYC'}>
      {submit.isError && (
        <Alert className="kyc__alert" type="error" showIcon title={submit.error.message} />
      )}
      <Form<KycValues>
        form={form}
        name="kyc"
        layout="vertical"
        disabled={submit.isPending}
        onFinish={send}
        onValuesChange={() => submit.isError && submit.reset()}
      >
        <Form.Item name="pan" label="PAN" rules={[ruleFrom(checkPan)]}>
          <Input maxLength={10} autoComplete="off" placeholder="ABCDE1234F" className="kyc__pan" />
        </Form.Item>
        <Form.Item
          name="aadhaarLast4"
          label="Aadhaar: last 4 digits only"
          extra="We never ask for, or keep, your full Aadhaar number."
          rules={[ruleFrom(checkAadhaarLast4)]}
        >
          <Input inputMode="numeric" autoComplete="off" maxLength={14} placeholder="1234" />
        </Form.Item>
        <Form.Item
          name="photo"
          label="Shop photo or shop proof"
          extra="PNG, JPEG or WebP, at most 2 MB."
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
          rules={[
            {
              validator: async (_rule, files: UploadFile[] | undefined) => {
                const file = files?.[0];
                if (!file) throw new Error(KycMessages.photoRequired);
                if ((file.size ?? 0) > KYC_PHOTO_MAX_BYTES)
                  throw new Error(KycMessages.photoTooLarge);
              },
            },
          ]}
        >
          <Upload accept={PHOTO_TYPES} beforeUpload={() => false} maxCount={1} listType="picture">
            <Button>Choose photo</Button>
          </Upload>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          Send KYC
        </Button>
      </Form>
    </Card>
  );
}
