import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import {
  checkBillerParams,
  CREDIT_CARD_CATEGORY,
  DEFAULT_BBPS_LIMITS,
  rupeesString,
  type Paise,
} from '@khata/domain';
import { readDeviceLocation } from '../../location';
import { PinConfirmModal } from '../common/PinConfirmModal';
import { formatRupees } from '../common/money';
import { useIdempotencyKey } from '../common/useIdempotencyKey';
import {
  fetchBbpsBill,
  invalidateBbps,
  useBbpsQuote,
  postBbpsPayment,
  type BbpsBillDto,
  type BbpsBillerDto,
  type BbpsPaymentDto,
} from './api';
import { AmountField, type AmountAgainst } from './AmountField';
import { BillDetails } from './BillDetails';
import { CustomerFields } from './CustomerFields';
import {
  billPaise,
  checkPayAmount,
  geocodeOf,
  rememberedPostalCode,
  rememberPostalCode,
} from './format';

interface PayValues {
  params?: Record<string, string>;
  customerMobile?: string;
  postalCode?: string;
  amount?: string;
}

export interface BillPayFormProps {
  biller: BbpsBillerDto;
  onPaid: (payment: BbpsPaymentDto) => void;
}

/**
 * Issue 27: one customer's bill with one biller. The biller's parameters and the customer's
 * mobile (checked in the browser by libs/domain's rules, the API's own), then Fetch bill when
 * the biller gives bills, or the amount straight away for an ad hoc biller; the amount against
 * the bill's exactness, the fee and total from the quote, then the PIN and Pay.
 *
 * One Idempotency-Key per confirmed form: a double click, or Pay again after no answer, sends
 * the same key and the API answers with the same payment. Any change to the form, or any
 * answer, makes the next confirmation a new payment.
 */
export function BillPayForm({ biller, onPaid }: BillPayFormProps) {
  const { t } = useTranslation('bbps');
  const [form] = Form.useForm<PayValues>();
  const queryClient = useQueryClient();
  const key = useIdempotencyKey();
  const [bill, setBill] = useState<BbpsBillDto>();
  const [fetching, setFetching] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [confirming, setConfirming] = useState<{ values: Required<PayValues>; amount: Paise }>();
  const [sending, setSending] = useState(false);
  const [payError, setPayError] = useState<string>();
  const typed = Form.useWatch('amount', form);

  const max =
    biller.categoryCode === CREDIT_CARD_CATEGORY
      ? DEFAULT_BBPS_LIMITS.creditCardPerPayment
      : DEFAULT_BBPS_LIMITS.perPayment;
  const billAmount = bill ? billPaise(bill.amount) : undefined;
  const against: AmountAgainst =
    bill && billAmount !== undefined
      ? {
          bill: billAmount,
          exactness: bill.exactness,
          alternatives: [bill.earlyAmount?.amount, bill.lateAmount]
            .map((rupees) =>
              rupees === undefined || rupees === null ? undefined : billPaise(rupees),
            )
            .filter((paise): paise is Paise => paise !== undefined),
        }
      : null;
  // An ad hoc biller takes an amount without a bill; one that gives bills needs one fetched.
  const canPay = Boolean(bill) || biller.adhoc || !biller.fetch;
  const customerFields = [
    ...biller.params.map((param) => ['params', param.name]),
    'customerMobile',
  ];

  const customerOf = (values: PayValues) => {
    const params = checkBillerParams(biller, values.params ?? {});
    const geocode = geocodeOf(readDeviceLocation());
    const postalCode = (values.postalCode ?? '').trim();
    return {
      billerId: biller.id,
      params: params.ok ? params.value : {},
      customerMobile: (values.customerMobile ?? '').trim(),
      postalCode,
      ...(geocode && { geocode }),
    };
  };

  const fetchBill = async () => {
    setRefusal(undefined);
    try {
      await form.validateFields(customerFields);
    } catch {
      return;
    }
    setFetching(true);
    try {
      const customer = customerOf(form.getFieldsValue(true) as PayValues);
      const fetched = await fetchBbpsBill(customer);
      rememberPostalCode(localStorage, customer.postalCode);
      setBill(fetched);
      const amount = billPaise(fetched.amount);
      if (amount !== undefined) form.setFieldValue('amount', rupeesString(amount));
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : t('form.fetchFailed'));
    } finally {
      setFetching(false);
    }
  };

  const review = (values: PayValues) => {
    const amount = checkPayAmount(values.amount, against, max);
    if (!amount.ok) return setRefusal(amount.message);
    setPayError(undefined);
    setConfirming({
      values: {
        params: values.params ?? {},
        customerMobile: values.customerMobile ?? '',
        postalCode: values.postalCode ?? '',
        amount: values.amount ?? '',
      },
      amount: amount.value,
    });
  };

  const pay = async (pin: string) => {
    if (!confirming) return;
    setSending(true);
    setPayError(undefined);
    try {
      const answer = await postBbpsPayment(
        {
          ...customerOf(confirming.values),
          amount: rupeesString(confirming.amount),
          ...(bill && { fetchId: bill.fetchId }),
          pin,
        },
        key.current(),
      );
      key.renew();
      rememberPostalCode(localStorage, confirming.values.postalCode);
      setConfirming(undefined);
      onPaid(answer.data);
    } catch (error) {
      key.settle(error);
      setPayError(error instanceof Error ? error.message : t('form.payFailed'));
    } finally {
      setSending(false);
      invalidateBbps(queryClient);
    }
  };

  return (
    <>
      <Form<PayValues>
        form={form}
        name={`bbps-${biller.id}`}
        layout="vertical"
        requiredMark="optional"
        disabled={sending}
        onFinish={review}
        initialValues={{ postalCode: rememberedPostalCode(localStorage) }}
        onValuesChange={(changed: PayValues) => {
          setRefusal(undefined);
          key.renew();
          // Another customer's details: the fetched bill is no longer theirs.
          if (('params' in changed || 'customerMobile' in changed) && bill) {
            setBill(undefined);
            form.setFieldValue('amount', undefined);
          }
          // Most billers ask for the customer's mobile too: typed once, it fills both.
          const mobile = Object.entries(changed.params ?? {}).find(([name]) =>
            /mobile/i.test(name),
          );
          if (mobile && !form.isFieldTouched('customerMobile')) {
            form.setFieldValue('customerMobile', mobile[1]);
          }
        }}
      >
        {!biller.active && (
          <Alert className="bbps-alert" type="warning" showIcon title={t('form.inactive')} />
        )}
        <CustomerFields params={biller.params} />
        {biller.fetch && !bill && (
          <Button
            className="bbps-fetch"
            size="large"
            block
            type={biller.adhoc ? 'default' : 'primary'}
            loading={fetching}
            disabled={!biller.active}
            onClick={() => void fetchBill()}
          >
            {t('form.fetch')}
          </Button>
        )}
        {refusal && (
          <Alert className="bbps-alert" type="error" showIcon role="alert" title={refusal} />
        )}
        {bill && <BillDetails bill={bill} />}
        {canPay && (
          <>
            <AmountField billerId={biller.id} against={against} max={max} typed={typed} />
            <Button type="primary" htmlType="submit" size="large" block disabled={!biller.active}>
              {t('form.pay')}
            </Button>
          </>
        )}
      </Form>
      <PinConfirmModal
        open={confirming !== undefined}
        title={t('confirm.title')}
        loading={sending}
        error={payError}
        okText={t('confirm.ok')}
        classNames={{ alert: 'bbps-alert', pin: 'bbps-pin' }}
        onConfirm={(pin) => void pay(pin)}
        onCancel={() => !sending && setConfirming(undefined)}
      >
        {confirming && (
          <Descriptions
            className="bbps-confirm"
            column={1}
            size="small"
            items={[
              { key: 'biller', label: t('confirm.biller'), children: biller.name },
              ...Object.entries(customerOf(confirming.values).params).map(([name, value]) => ({
                key: `param-${name}`,
                label: name,
                children: value,
              })),
              ...(bill?.customerName
                ? [{ key: 'customer', label: t('confirm.customer'), children: bill.customerName }]
                : []),
              {
                key: 'amount',
                label: t('confirm.amount'),
                children: formatRupees(rupeesString(confirming.amount)),
              },
            ]}
          />
        )}
        {confirming && <ConfirmTotal billerId={biller.id} amount={confirming.amount} />}
      </PinConfirmModal>
    </>
  );
}

/** The fee and the total the PIN confirms, from the same quote the amount showed. */
function ConfirmTotal({ billerId, amount }: { billerId: string; amount: Paise }) {
  const { t } = useTranslation('bbps');
  const quote = useBbpsQuote(billerId, rupeesString(amount));
  if (!quote.data) return null;
  return (
    <p className="bbps-confirm__total">
      <Trans
        t={t}
        i18nKey="confirm.total"
        values={{ ccf: formatRupees(quote.data.ccf), total: formatRupees(quote.data.total) }}
        components={{ strong: <strong /> }}
      />
    </p>
  );
}
