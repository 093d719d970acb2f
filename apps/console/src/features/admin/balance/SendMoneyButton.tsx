import { useId, useState } from 'react';
import { App, Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkPin, checkTransferAmount, type UserDetails } from '@khata/domain';
import { PinConfirmModal } from '../common/PinConfirmModal';
import { useIdempotencyKey } from '../common/useIdempotencyKey';
import { useSendToDownline } from './wallet-actions-api';

const REMARK_MAX = 200;

/**
 * Issue 23: a distributor tier sends money from its own wallet to a user of its downline,
 * from that user's details: an amount, optional remarks, the PIN. The API checks the user is
 * below the sender (network-scope.ts) and moves it through the ledger once per click.
 */
export function SendMoneyButton({ profile }: { profile: UserDetails['profile'] }) {
  const { message } = App.useApp();
  const { t } = useTranslation('balance');
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [remark, setRemark] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const key = useIdempotencyKey();
  const send = useSendToDownline();
  const amountId = useId();
  const remarkId = useId();

  const close = () => {
    setOpen(false);
    setAmount('');
    setRemark('');
    setRefusal(undefined);
    key.renew();
  };
  const confirm = (pin: string) => {
    const checked = checkTransferAmount(amount);
    if (!checked.ok) return setRefusal(checked.message);
    send.mutate(
      {
        userId: profile.id,
        amount: amount.trim(),
        remark: remark.trim() || undefined,
        pin,
        idempotencyKey: key.current(),
      },
      {
        onSuccess: (answer) => {
          message.success(answer.message ?? t('send.done'));
          close();
        },
        onError: (error) => {
          key.settle(error);
          setRefusal(error.message);
        },
      },
    );
  };
  const edited = () => {
    setRefusal(undefined);
    key.renew();
  };

  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        {t('send.button')}
      </Button>
      <PinConfirmModal
        open={open}
        title={t('send.title', { name: profile.name })}
        okText={t('send.button')}
        loading={send.isPending}
        error={refusal}
        check={checkPin}
        classNames={{ alert: 'balance-action__alert', pin: 'balance-action__pin' }}
        onConfirm={confirm}
        onCancel={close}
      >
        <p>{t('send.explained', { name: profile.name })}</p>
        <div className="balance-action__field">
          <label htmlFor={amountId}>{t('send.amount')}</label>
          <Input
            id={amountId}
            inputMode="decimal"
            value={amount}
            placeholder={t('send.amountPlaceholder')}
            onChange={(event) => {
              setAmount(event.target.value);
              edited();
            }}
          />
        </div>
        <div className="balance-action__field balance-action__field--reason">
          <label htmlFor={remarkId}>{t('send.remarks')}</label>
          <Input
            id={remarkId}
            value={remark}
            maxLength={REMARK_MAX}
            onChange={(event) => {
              setRemark(event.target.value);
              edited();
            }}
          />
        </div>
      </PinConfirmModal>
    </>
  );
}
