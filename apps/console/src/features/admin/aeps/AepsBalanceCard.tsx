import { useId, useState } from 'react';
import { App, Button, Card, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  canUseMenuItem,
  checkAepsMoveAmount,
  checkPin,
  rupeesString,
  type Paise,
} from '@khata/domain';
import { formatMoney } from '../../../i18n/format';
import { PinConfirmModal } from '../common/PinConfirmModal';
import { formatRupees, paiseOf } from '../common/money';
import { useIdempotencyKey } from '../common/useIdempotencyKey';
import { useBalance } from '../balance/api';
import { useAdminUser } from '../session/adminUser';
import { useMoveAepsBalance } from './api';
import '../balance/wallet-actions.css';
import './aeps-settlement.css';

/**
 * Issue 26, on AEPS Settlement: the AEPS balance and the main wallet side by side, and "Move to
 * wallet" for a shop with the `aeps` service (the API's rule for the move). Both figures are the
 * balance call's, kept live by `balance.updated`, so they change as soon as the move lands.
 */
export function AepsBalanceCard() {
  const { t } = useTranslation('aeps');
  const { kind, services } = useAdminUser();
  const balance = useBalance(kind);
  const [moving, setMoving] = useState(false);
  const aeps = paiseOf(balance.data?.aepsBalance);
  const mayMove = kind !== undefined && canUseMenuItem(kind, 'aeps', services);

  return (
    <Card className="admin-card aeps-balance" data-testid="aeps-balance-card">
      <dl className="aeps-balance__figures">
        <div>
          <dt>{t('balance.aeps')}</dt>
          <dd data-testid="aeps-balance">{formatRupees(balance.data?.aepsBalance)}</dd>
        </div>
        <div>
          <dt>{t('balance.wallet')}</dt>
          <dd data-testid="aeps-wallet-balance">{formatRupees(balance.data?.balance)}</dd>
        </div>
      </dl>
      {mayMove && (
        <Button type="primary" disabled={!aeps || aeps <= 0} onClick={() => setMoving(true)}>
          {t('balance.move')}
        </Button>
      )}
      {mayMove && aeps !== undefined && (
        <MoveToWalletModal open={moving} aepsBalance={aeps} onClose={() => setMoving(false)} />
      )}
    </Card>
  );
}

interface MoveToWalletModalProps {
  open: boolean;
  aepsBalance: Paise;
  onClose: () => void;
}

/** The amount (the whole balance by default), then the PIN; the API moves it once per click. */
function MoveToWalletModal({ open, aepsBalance, onClose }: MoveToWalletModalProps) {
  const { t } = useTranslation('aeps');
  const { message } = App.useApp();
  const [amount, setAmount] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const key = useIdempotencyKey();
  const move = useMoveAepsBalance();
  const amountId = useId();

  const close = () => {
    setAmount('');
    setRefusal(undefined);
    key.renew();
    onClose();
  };
  const confirm = (pin: string) => {
    const checked = checkAepsMoveAmount(amount);
    if (!checked.ok) return setRefusal(checked.message);
    move.mutate(
      { amount: amount.trim(), pin, idempotencyKey: key.current() },
      {
        onSuccess: (answer) => {
          message.success(`${formatRupees(answer.data.moved)} ${answer.message.toLowerCase()}`);
          close();
        },
        onError: (error) => {
          key.settle(error);
          setRefusal(error.message);
        },
      },
    );
  };

  return (
    <PinConfirmModal
      open={open}
      title={t('move.title')}
      okText={t('move.ok')}
      loading={move.isPending}
      error={refusal}
      check={checkPin}
      classNames={{ alert: 'balance-action__alert', pin: 'balance-action__pin' }}
      onConfirm={confirm}
      onCancel={close}
    >
      <p>{t('move.intro', { balance: formatMoney(aepsBalance) })}</p>
      <div className="balance-action__field">
        <label htmlFor={amountId}>{t('move.amount')}</label>
        <Input
          id={amountId}
          inputMode="decimal"
          value={amount}
          placeholder={t('move.example', { amount: rupeesString(aepsBalance) })}
          onChange={(event) => {
            setAmount(event.target.value);
            setRefusal(undefined);
            key.renew();
          }}
        />
      </div>
    </PinConfirmModal>
  );
}
