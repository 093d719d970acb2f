import { useEffect, useRef, useState } from 'react';
import { App, Button, Card, Descriptions, Form, Input, Select, Switch } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  canCallUnlimitedPayout,
  checkPayoutForm,
  DEFAULT_PAYMENT_MODE,
  findDuplicatePayment,
  Messages,
  parseRupees,
  PAYMENT_MODES,
  RUPEE,
  rupeesString,
  UNLIMITED_PAYOUT_CAP,
  type PaymentMode,
  type PaymentQuote,
  type PayoutForm as CheckedPayout,
} from '@khata/domain';
import { amountInWords } from '../../../i18n/amountInWords';
import { formatCount, formatMoney } from '../../../i18n/format';
import { AvailableBalance, useCreditConfirm } from '../balance/AvailableBalance';
import { clearDraft, readDraft, saveDraft } from '../common/formDraft';
import { useIdempotencyKey } from '../common/useIdempotencyKey';
import { useAdminUser } from '../session/adminUser';
import { formatRupees, paiseOf } from '../common/money';
import { useDebounced } from '../common/useDebounced';
import type { TransactionRecord } from '@khata/domain';
import { quoteOptions, usePaymentQuote, usePayout, type Beneficiary, type QuoteOf } from './api';
import { isDuplicateRefusal, paymentError } from './paymentMessages';
import { PinConfirmModal } from '../common/PinConfirmModal';
import { readRecentPayments, rememberPayment } from '../../recent-payments';

export interface PayoutFormProps {
  beneficiary: Beneficiary;
  /** A bank payout, or the settlement of the AEPS balance to an approved account. */
  kind: 'payout' | 'aeps';
  /** The payout was accepted (queued, not yet paid): its record, for the receipt and toast. */
  onPaid: (record: TransactionRecord) => void;
  onCancel: () => void;
}

interface PayoutValues {
  amount?: string;
  paymentMode: PaymentMode;
  unlimited?: boolean;
}

/** Issue 23: a bank payout's draft (never the PIN), kept across a session that ends at midnight. */
interface PayoutDraft extends Omit<PayoutValues, 'unlimited'> {
  beneficiary: Beneficiary;
}
const PAYOUT_DRAFT = 'payout';

export function readPayoutDraft(userId: string): Partial<PayoutDraft> | undefined {
  return readDraft<PayoutDraft>(userId, PAYOUT_DRAFT);
}

/** How long typing must pause before the fee is asked of the API (ms). */
const QUOTE_DEBOUNCE_MS = 250;

/** The quote to ask for the form's values; none while the amount is not a positive amount. */
function quoteOf(
  amount: string | undefined,
  type: 'payout' | 'aeps',
  paymentMode: PaymentMode | undefined,
  unlimited: boolean,
): QuoteOf | undefined {
  const paise = parseRupees(amount);
  if (!paise.ok || paise.value === 0) return undefined;
  const mode = paymentMode ?? DEFAULT_PAYMENT_MODE;
  return { amount: rupeesString(paise.value), type, paymentMode: mode, unlimited };
}

/**
 * Spec §4, §5 payout: amount and payment mode (IMPS by default) for the chosen beneficiary,
 * Pay opens the PIN confirmation, then the transfer call. The same amount to the same account
 * within 20 minutes asks first (browser storage, and the API's own check).
 */
export function PayoutForm({ beneficiary, kind, onPaid, onCancel }: PayoutFormProps) {
  const { message, modal } = App.useApp();
  const { t } = useTranslation('payouts');
  const { profile, kind: role } = useAdminUser();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PayoutValues>();
  const [refusal, setRefusal] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  // The API's quote the PIN dialog repeats: what this payment is charged (issue 23).
  const [quoted, setQuoted] = useState<PaymentQuote>();
  const payout = usePayout();
  const idempotencyKey = useIdempotencyKey();
  const confirmCredit = useCreditConfirm();
  // The form's kind is the transfer body's `type` ('payout' | 'aeps'), not a PayoutKind.
  // eslint-disable-next-line no-restricted-syntax -- a body type, not a payout kind
  const bankPayout = kind === 'payout';
  const [draft] = useState(() => {
    const kept = bankPayout ? readPayoutDraft(profile._id) : undefined;
    return kept?.beneficiary?._id === beneficiary._id
      ? { amount: kept.amount, paymentMode: kept.paymentMode ?? DEFAULT_PAYMENT_MODE }
      : undefined;
  });
  const amount = Form.useWatch('amount', form);
  const unlimited = Form.useWatch('unlimited', form) === true;
  const paymentMode = Form.useWatch('paymentMode', form);
  const words = amount ? amountInWords(amount) : undefined;
  const canUnlimited = bankPayout && canCallUnlimitedPayout(role);
  const typed = useDebounced(amount, QUOTE_DEBOUNCE_MS);
  const card = useRef<HTMLDivElement>(null);
  // On a phone the form opens below the list, out of sight: bring it into view.
  // (Braces: newer browsers answer a promise, which React must not take for a cleanup.)
  useEffect(() => {
    card.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  const check = (values: PayoutValues, pin?: string) =>
    checkPayoutForm(
      {
        paymentMode: values.paymentMode,
        amount: values.amount,
        name: beneficiary.name,
        accountNumber: beneficiary.accountNumber,
        ifscCode: beneficiary.ifscCode,
        pin,
      },
      values.unlimited ? 'unlimited' : 'normal',
    );

  // The fee is asked of the API only for an amount the form itself accepts (a refused one
  // shows its message when Pay is pressed; asking would only earn a 400).
  const typedMode = paymentMode ?? DEFAULT_PAYMENT_MODE;
  const typedCheck = check({ amount: typed, paymentMode: typedMode, unlimited });
  const acceptable = typedCheck.ok || typedCheck.message === Messages.payoutPinRequired;
  const quote = usePaymentQuote(
    acceptable ? quoteOf(typed, kind, typedMode, canUnlimited && unlimited) : undefined,
  );

  // Pay: every rule but the PIN first (spec §5 order); then the API's quote of this payment,
  // fresh, which the PIN dialog repeats; the PIN is asked last.
  const pay = async (values: PayoutValues) => {
    const checked = check(values);
    if (!checked.ok && checked.message !== Messages.payoutPinRequired) {
      setRefusal(checked.message);
      return;
    }
    const of = quoteOf(values.amount, kind, values.paymentMode, canUnlimited && !!values.unlimited);
    if (!of) return;
    setRefusal(undefined);
    payout.reset();
    let fresh: PaymentQuote;
    try {
      fresh = await queryClient.fetchQuery(quoteOptions(of));
    } catch (error) {
      setRefusal(paymentError(error));
      return;
    }
    setQuoted(fresh);
    // Issue 23: money spent on credit is said before the PIN is asked (fee included).
    const open = () => setConfirming(true);
    const total = paiseOf(fresh.total);
    if (bankPayout && total !== undefined) confirmCredit(total, open);
    else open();
  };

  const send = (checked: CheckedPayout, confirmDuplicate: boolean) =>
    payout.mutate(
      {
        amount: rupeesString(checked.amount),
        beneficiaryName: checked.name,
        beneficiaryAccountNumber: checked.accountNumber,
        beneficiaryIfscCode: checked.ifscCode,
        paymentMode: checked.paymentMode,
        type: kind,
        confirmDuplicate,
        unlimited: canUnlimited && form.getFieldValue('unlimited') === true,
        pin: checked.pin,
        idempotencyKey: idempotencyKey.current(),
      },
      {
        onSuccess: (answer) => {
          idempotencyKey.renew();
          clearDraft(profile._id, PAYOUT_DRAFT);
          rememberPayment({
            accountNumber: checked.accountNumber,
            ifscCode: checked.ifscCode,
            amount: checked.amount,
          });
          setConfirming(false);
          // Accepted is not paid: the screen's toast says "Payout queued", then the bank's answer.
          onPaid(answer.transactionRecord);
        },
        onError: (error) => {
          idempotencyKey.settle(error);
          if (isDuplicateRefusal(error) && !confirmDuplicate) {
            askAboutRepeat(() => send(checked, true), error.message);
          } else {
            message.error(paymentError(error));
          }
        },
      },
    );

  const askAboutRepeat = (again: () => void, reason: string) =>
    modal.confirm({
      title: t('form.repeat.title'),
      content: reason,
      okText: t('form.repeat.ok'),
      cancelText: t('form.repeat.cancel'),
      onOk: again,
    });

  const confirmWithPin = (pin: string) => {
    const checked = check(form.getFieldsValue(true) as PayoutValues, pin);
    if (!checked.ok) {
      setRefusal(checked.message);
      setConfirming(false);
      return;
    }
    const repeat = findDuplicatePayment(readRecentPayments(), checked.value, new Date());
    if (!repeat) return send(checked.value, false);
    askAboutRepeat(
      () => send(checked.value, true),
      t('form.repeat.recent', { amount: formatMoney(checked.value.amount) }),
    );
  };

  const shownAmount = parseRupees(amount);
  // The quote is shown only for the amount now in the field, never a previous one's.
  const shownQuote =
    quote.data && shownAmount.ok && paiseOf(quote.data.amount) === shownAmount.value
      ? quote.data
      : undefined;
  return (
    <Card
      ref={card}
      className="admin-card payout-form"
      title={kind === 'aeps' ? t('form.titleAeps') : t('form.title')}
      extra={
        <Button
          onClick={() => {
            clearDraft(profile._id, PAYOUT_DRAFT);
            onCancel();
          }}
        >
          {t('form.change')}
        </Button>
      }
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'name', label: t('form.name'), children: beneficiary.name },
          { key: 'bank', label: t('form.bank'), children: beneficiary.bankName },
          { key: 'account', label: t('form.accountNumber'), children: beneficiary.accountNumber },
          { key: 'ifsc', label: t('form.ifsc'), children: beneficiary.ifscCode },
        ]}
      />
      {refusal && (
        <p className="payout__refusal" role="alert">
          {refusal}
        </p>
      )}
      <Form<PayoutValues>
        form={form}
        name={`${kind}-form`}
        layout="vertical"
        initialValues={{ paymentMode: DEFAULT_PAYMENT_MODE, unlimited: false, ...draft }}
        onFinish={(values) => void pay(values)}
        onValuesChange={(_, { amount: draftAmount, paymentMode: draftMode }: PayoutValues) => {
          setRefusal(undefined);
          idempotencyKey.renew();
          if (bankPayout) {
            saveDraft(profile._id, PAYOUT_DRAFT, {
              beneficiary,
              amount: draftAmount,
              paymentMode: draftMode,
            });
          }
        }}
      >
        <Form.Item
          name="amount"
          label={t('form.amount')}
          extra={words?.ok ? t('form.amountInWords', { words: words.value }) : undefined}
        >
          <Input size="large" inputMode="decimal" autoComplete="off" placeholder="0.00" />
        </Form.Item>
        <Form.Item name="paymentMode" label={t('form.paymentMode')}>
          <Select
            options={PAYMENT_MODES.map((mode) => ({ value: mode, label: mode }))}
            aria-label={t('form.paymentMode')}
          />
        </Form.Item>
        {canUnlimited && (
          <Form.Item
            name="unlimited"
            label={t('form.unlimited', { max: formatCount(UNLIMITED_PAYOUT_CAP / RUPEE) })}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        )}
        {shownQuote && (
          <p className="payout__fee" data-testid="payout-fee">
            {t('form.quote', {
              fee: formatRupees(shownQuote.fee),
              total: formatRupees(shownQuote.total),
            })}
          </p>
        )}
        {bankPayout && <AvailableBalance className="payout__available" />}
        <Button type="primary" htmlType="submit" size="large" block>
          {kind === 'aeps' ? t('form.settle') : t('form.pay')}
        </Button>
      </Form>

      <PinConfirmModal
        open={confirming}
        title={t('form.pinTitle')}
        loading={payout.isPending}
        error={
          payout.isError && !isDuplicateRefusal(payout.error)
            ? paymentError(payout.error)
            : undefined
        }
        classNames={{ alert: 'payout__alert', pin: 'payout__pin' }}
        onConfirm={confirmWithPin}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {t(unlimited ? 'form.pinSummaryUnlimited' : 'form.pinSummary', {
            amount: shownAmount.ok ? formatMoney(shownAmount.value) : '',
            name: beneficiary.name,
            account: beneficiary.maskedAccountNumber ?? beneficiary.accountNumber,
            ifsc: beneficiary.ifscCode,
          })}
        </p>
        {quoted && (
          <div data-testid="pin-quote">
            <Descriptions
              size="small"
              column={1}
              items={[
                {
                  key: 'amount',
                  label: t('form.quoteAmount'),
                  children: formatRupees(quoted.amount),
                },
                { key: 'fee', label: t('form.quoteFee'), children: formatRupees(quoted.fee) },
                {
                  key: 'total',
                  label: kind === 'aeps' ? t('form.totalFromAeps') : t('form.totalFromWallet'),
                  children: <strong>{formatRupees(quoted.total)}</strong>,
                },
              ]}
            />
          </div>
        )}
      </PinConfirmModal>
    </Card>
  );
}
