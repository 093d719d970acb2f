import { Alert, App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkPan, KycMessages, needsKyc } from '@khata/domain';
import { ruleFrom } from '../../../ui/formRules';
import { useAdminUser } from '../session/adminUser';
import { PAN_EXAMPLE, useAddPan, useKycStatus } from './api';
import './kyc.css';
import { localizeMessage } from '../../../i18n/messages';

/**
 * The task for a user approved without a PAN on file (issue 23): TDS on its commission is
 * withheld at 20% until it gives one. The same PAN rule as the KYC form and the API.
 */
export function PanTask({ title = localizeMessage(KycMessages.addPanTask) }: { title?: string }) {
  const { t } = useTranslation('kyc');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ pan?: string }>();
  const add = useAddPan();
  const save = ({ pan }: { pan?: string }) => {
    if (!pan) return;
    add.mutate(pan.trim().toUpperCase(), {
      onSuccess: (answer) => {
        void message.success(answer.message);
        form.resetFields();
      },
    });
  };
  return (
    <Alert
      className="pan-task"
      type="warning"
      showIcon
      data-testid="pan-task"
      title={title}
      description={
        <Form
          form={form}
          name="pan-task"
          layout="inline"
          className="pan-task__form"
          requiredMark={false}
          disabled={add.isPending}
          onFinish={save}
          onValuesChange={() => add.isError && add.reset()}
        >
          <Form.Item
            name="pan"
            label={t('pan.label')}
            rules={[ruleFrom(checkPan)]}
            validateStatus={add.isError ? 'error' : undefined}
            help={add.isError ? add.error.message : undefined}
          >
            <Input placeholder={PAN_EXAMPLE} maxLength={10} autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending}>
            {t('pan.save')}
          </Button>
        </Form>
      }
    />
  );
}

/** My Profit's line (issue 23): "No PAN on file" with the same task, for a user who has none. */
export function NoPanNotice() {
  const { kind } = useAdminUser();
  const applies = kind !== undefined && needsKyc(kind);
  const status = useKycStatus(applies);
  if (!applies || !status.data || status.data.panOnFile) return null;
  return <PanTask title={localizeMessage(KycMessages.noPanTds)} />;
}
