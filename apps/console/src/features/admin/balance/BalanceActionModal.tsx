import { useId, useState } from 'react';
import { App, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  BALANCE_REASON_MAX,
  checkBalanceAmount,
  checkOverdraftLimit,
  checkPin,
  checkReason,
  checkTransferAmount,
  type Holding,
} from '@khata/domain';
import { PinConfirmModal } from '../common/PinConfirmModal';
import { formatRupees } from '../common/money';
import { useIdempotencyKey } from '../common/useIdempotencyKey';
import {
  useCreditWallet,
  useDebitWallet,
  usePlaceHolding,
  useReleaseHolding,
  useSetOverdraft,
} from './wallet-actions-api';

/** What the admin is about to do to the wallet. */
export type BalanceAction =
  | { kind: 'lien' | 'security' | 'credit' | 'debit' | 'overdraft' }
  | { kind: 'release'; holding: Holding };

const TITLES = {
  lien: 'action.title.lien',
  security: 'action.title.security',
  credit: 'action.title.credit',
  debit: 'action.title.debit',
  overdraft: 'action.title.overdraft',
  release: 'action.title.release',
} as const satisfies Record<BalanceAction['kind'], string>;

const EXPLAINED = {
  lien: 'action.explained.lien',
  security: 'action.explained.security',
  credit: 'action.explained.credit',
  debit: 'action.explained.debit',
  overdraft: 'action.explained.overdraft',
  release: 'action.explained.release',
} as const satisfies Record<BalanceAction['kind'], string>;

export interface BalanceActionModalProps {
  user: { id: string; name: string; mobile: string };
  action: BalanceAction | undefined;
  onClose: () => void;
}

/** One form for every admin act on a wallet: an amount (or limit), a reason, the PIN. */
export function BalanceActionModal({ user, action, onClose }: BalanceActionModalProps) {
  const { message } = App.useApp();
  const { t } = useTranslation('balance');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const key = useIdempotencyKey();
  const place = usePlaceHolding();
  const release = useReleaseHolding();
  const overdraft = useSetOverdraft();
  const credit = useCreditWallet();
  const debit = useDebitWallet();
  const pending =
    place.isPending ||
    release.isPending ||
    overdraft.isPending ||
    credit.isPending ||
    debit.isPending;
  // Each label names its own input (for= / id), so a screen reader and getByLabel find it.
  const amountId = useId();
  const reasonId = useId();

  const close = () => {
    setAmount('');
    setReason('');
    setRefusal(undefined);
    key.renew();
    onClose();
  };
  const done = (answer: { message?: string }) => {
    message.success(answer.message ?? t('action.done'));
    close();
  };
  const failed = (error: Error) => {
    key.settle(error);
    setRefusal(error.message);
  };

  const confirm = (pin: string) => {
    if (!action) return;
    const checkedReason = checkReason(reason);
    const needsAmount = action.kind !== 'release';
    const checkedAmount = !needsAmount
      ? undefined
      : action.kind === 'overdraft'
        ? checkOverdraftLimit(amount.trim() === '' ? undefined : amount.trim())
        : action.kind === 'credit'
          ? checkTransferAmount(amount)
          : checkBalanceAmount(amount);
    if (checkedAmount && !checkedAmount.ok) return setRefusal(checkedAmount.message);
    if (!checkedReason.ok) return setRefusal(checkedReason.message);
    const headers = { pin, idempotencyKey: key.current() };
    const body = { reason: checkedReason.value, ...headers };
    const handlers = { onSuccess: done, onError: failed };
    switch (action.kind) {
      case 'lien':
      case 'security':
        return place.mutate({ kind: action.kind, userId: user.id, amount, ...body }, handlers);
      case 'credit':
        // The credit's remark carries the reason, on the receipt and in the ledger event.
        return credit.mutate(
          { mobile: user.mobile, amount, remark: checkedReason.value, ...headers },
          handlers,
        );
      case 'debit':
        return debit.mutate({ mobile: user.mobile, amount, ...body }, handlers);
      case 'overdraft':
        return overdraft.mutate({ userId: user.id, limit: amount.trim(), ...body }, handlers);
      case 'release':
        return release.mutate(
          { kind: action.holding.kind, id: action.holding.id, ...body },
          handlers,
        );
    }
  };

  const title =
    action?.kind === 'release'
      ? action.holding.kind === 'lien'
        ? t('action.releaseLien', { amount: formatRupees(action.holding.amount) })
        : t('action.releaseSecurity', { amount: formatRupees(action.holding.amount) })
      : action
        ? t(TITLES[action.kind])
        : '';
  return (
    <PinConfirmModal
      open={Boolean(action)}
      title={[title, user.name].join(' · ')}
      okText={action?.kind === 'release' ? t('action.release') : t('action.confirm')}
      danger={action?.kind === 'debit'}
      loading={pending}
      error={refusal}
      check={checkPin}
      classNames={{ alert: 'balance-action__alert', pin: 'balance-action__pin' }}
      onConfirm={confirm}
      onCancel={close}
    >
      <p>{action && t(EXPLAINED[action.kind])}</p>
      {action && action.kind !== 'release' && (
        <div className="balance-action__field">
          <label htmlFor={amountId}>
            {action.kind === 'overdraft' ? t('action.limit') : t('action.amount')}
          </label>
          <Input
            id={amountId}
            inputMode="decimal"
            value={amount}
            placeholder={
              action.kind === 'overdraft'
                ? t('action.limitPlaceholder')
                : t('action.amountPlaceholder')
            }
            onChange={(event) => {
              setAmount(event.target.value);
              setRefusal(undefined);
              key.renew();
            }}
          />
        </div>
      )}
      <div className="balance-action__field balance-action__field--reason">
        <label htmlFor={reasonId}>{t('action.reason')}</label>
        <Input.TextArea
          id={reasonId}
          value={reason}
          maxLength={BALANCE_REASON_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          onChange={(event) => {
            setReason(event.target.value);
            setRefusal(undefined);
            key.renew();
          }}
        />
      </div>
    </PinConfirmModal>
  );
}
