import { useState } from 'react';
import { App, Button, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkActionReason, checkPin, type TemporaryCredential } from '@khata/domain';
import { PinConfirmModal } from '../common/PinConfirmModal';
import { useResetCredentials } from './api';

export interface ResetCredentialsButtonProps {
  userId: string;
  /** Shown in the dialog: whose password or PIN is reset. */
  userName: string;
}

/**
 * All Users' and User details' "Reset password or PIN": the user gets a one-time value by SMS,
 * must change it at next sign-in, and every session of theirs ends. Confirmed with the actor's
 * PIN and a reason, both audited by the API.
 */
export function ResetCredentialsButton({ userId, userName }: ResetCredentialsButtonProps) {
  const { t } = useTranslation('onboarding');
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [what, setWhat] = useState<TemporaryCredential>('password');
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const reset = useResetCredentials();

  const close = () => {
    setOpen(false);
    setReason('');
    setRefusal(undefined);
    reset.reset();
  };

  const confirm = (pin: string) => {
    const checked = checkActionReason(reason);
    if (!checked.ok) {
      setRefusal(checked.message);
      return;
    }
    reset.mutate(
      { userId, what, reason: checked.value, pin },
      {
        onSuccess: (answer) => {
          message.success(answer.message);
          close();
        },
      },
    );
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('reset.button')}</Button>
      <PinConfirmModal
        open={open}
        title={t('reset.title', { name: userName })}
        okText={t('reset.ok')}
        danger
        check={checkPin}
        loading={reset.isPending}
        error={refusal ?? (reset.isError ? reset.error.message : undefined)}
        onConfirm={confirm}
        onCancel={close}
      >
        <Form layout="vertical" component="div">
          <Form.Item label={t('reset.what')}>
            <Radio.Group
              value={what}
              onChange={(event) => setWhat(event.target.value as TemporaryCredential)}
              options={[
                { value: 'password', label: t('reset.password') },
                { value: 'pin', label: t('reset.pin') },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('reset.reason')} required>
            <Input.TextArea
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setRefusal(undefined);
              }}
              maxLength={500}
              rows={2}
              aria-label={t('reset.reason')}
            />
          </Form.Item>
        </Form>
        <p>{t('reset.body')}</p>
      </PinConfirmModal>
    </>
  );
}
