import { useState } from 'react';
import { App, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  checkPin,
  checkStatusReason,
  STATUS_REASON_MAX,
  type UserDetails,
  type UserStatus,
} from '@khata/domain';
import { PinConfirmModal } from '../common/PinConfirmModal';
import { useSetUserStatus } from './api';

export interface UserStatusModalProps {
  user: UserDetails['profile'] | undefined;
  /** The status asked for; the dialog is open while it is set. */
  to: UserStatus | undefined;
  onClose: () => void;
}

/** Activate or deactivate: a reason (3 to 200 characters) and the actor's PIN (spec §4). */
export function UserStatusModal({ user, to, onClose }: UserStatusModalProps) {
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const setStatus = useSetUserStatus();
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const deactivating = to === 'blocked';

  const confirm = (pin: string) => {
    const checked = checkStatusReason(reason);
    if (!checked.ok || !user || !to) {
      setRefusal(checked.ok ? undefined : checked.message);
      return;
    }
    setStatus.mutate(
      { userId: user.id, status: to, reason: checked.value, pin },
      {
        onSuccess: (answer) => {
          message.success(answer.message);
          setReason('');
          setRefusal(undefined);
          onClose();
        },
        onError: (error) => setRefusal(error.message),
      },
    );
  };

  return (
    <PinConfirmModal
      open={Boolean(to && user)}
      title={
        deactivating
          ? t('statusModal.deactivateTitle', { name: user?.name ?? '' })
          : t('statusModal.activateTitle', { name: user?.name ?? '' })
      }
      okText={deactivating ? t('actions.deactivate') : t('actions.activate')}
      danger={deactivating}
      loading={setStatus.isPending}
      error={refusal}
      check={checkPin}
      classNames={{ alert: 'user-status__alert', pin: 'user-status__pin' }}
      onConfirm={confirm}
      onCancel={() => {
        setRefusal(undefined);
        onClose();
      }}
    >
      <p>{deactivating ? t('statusModal.deactivateBody') : t('statusModal.activateBody')}</p>
      <label className="user-status__reason">
        <span>{t('statusModal.reason')}</span>
        <Input.TextArea
          value={reason}
          maxLength={STATUS_REASON_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          placeholder={
            deactivating
              ? t('statusModal.deactivatePlaceholder')
              : t('statusModal.activatePlaceholder')
          }
          onChange={(event) => {
            setReason(event.target.value);
            setRefusal(undefined);
          }}
        />
      </label>
    </PinConfirmModal>
  );
}
