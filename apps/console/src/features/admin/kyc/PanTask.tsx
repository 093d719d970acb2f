import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkPan, KycMessages, needsKyc } from '@khata/domain';
import { ruleFrom } from '../../../ui/formRules';
import { useAdminUser } from '../session/adminUser';
import { PAN_EXAMPLE, useAddPan, useKycStatus } from './api';
import './kyc.css';
import { localizeMessage } from '../../../i18n/messages';
import { FocusedResult } from '../../../ui/FocusedResult';

/**
 * The task for a user approved without a PAN on file (issue 23): TDS on its commission is
 * withheld at 20% until it gives one. The same PAN rule as the KYC form and the API. Rendered
 * while `needed`, and after a save, when it says so in its place with the focus (issue 30),
 * though the PAN now on file has made it no longer needed.
 */
export function PanTask({
  needed,
  title = localizeMessage(KycMessages.addPanTask),
}: {
  needed: boolean;
  title?: string;
}) {
  const { t } = useTranslation('kyc');
  const [form] = Form.useForm<{ pan?: string }>();
  const add = useAddPan();
  const [saved, setSaved] = useState<string>();
  const save = ({ pan }: { pan?: string }) => {
    if (!pan) return;
    add.mutate(pan.trim().toUpperCase(), {
      onSuccess: (answer) => setSaved(localizeMessage(answer.message)),
    });
  };
  if (saved)
    return (
      <FocusedResult result={saved} className="pan-task">
        <Alert type="success" showIcon title={saved} />
      </FocusedResult>
    );
  if (!needed) return null;
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
            help={
              add.isError ? (
                <FocusedResult result={add.error}>{add.error.message}</FocusedResult>
              ) : undefined
            }
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
  if (!applies || !status.data) return null;
  return <PanTask needed={!status.data.panOnFile} title={localizeMessage(KycMessages.noPanTds)} />;
}
