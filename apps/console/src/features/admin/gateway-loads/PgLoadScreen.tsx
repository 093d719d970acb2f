import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Input,
  Radio,
  Result,
  Skeleton,
  Table,
  Tag,
} from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  checkPgLoad,
  PG_GATEWAY_INFO,
  type PgGateway,
  type PgMethod,
  type PgOrderStatus,
} from '@khata/domain';
import { useSearchParams } from 'react-router-dom';
import { AdminPage } from '../common/AdminPage';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { formatCount } from '../../../i18n/format';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useDebounced } from '../common/useDebounced';
import {
  invalidatePg,
  isOpen,
  pgKeys,
  type PgOrderDto,
  sendPgCallback,
  useCreatePgOrder,
  usePgGateways,
  usePgOrderByReceipt,
  usePgOrders,
  usePgQuote,
} from './api';
import { useQueryClient } from '@tanstack/react-query';
import './gateway-loads.css';
import { ScrollRegion } from '../../../ui/ScrollRegion';

/** The amount field's sign: the same in every language. */
const RUPEE_SIGN = '₹';

export const PG_STATUS_TONE: Record<PgOrderStatus, string> = {
  created: 'default',
  attempted: 'processing',
  paid: 'success',
  failed: 'error',
  refunding: 'processing',
  refunded: 'warning',
  settled: 'success',
};

/** An order's status in words (libs/domain's PG_ORDER_STATUS_LABELS, in the reader's language). */
export const PG_STATUS_KEYS = {
  created: 'status.created',
  attempted: 'status.attempted',
  paid: 'status.paid',
  failed: 'status.failed',
  refunding: 'status.refunding',
  refunded: 'status.refunded',
  settled: 'status.settled',
} as const satisfies Record<PgOrderStatus, string>;

/** How a load is paid (libs/domain's PG_METHOD_LABELS, in the reader's language). */
const METHOD_KEYS = {
  upi: 'method.upi',
  card: 'method.card',
  netbanking: 'method.netbanking',
} as const satisfies Record<PgMethod, string>;

export function pgMethodLabel(t: TFunction<'gateway-loads'>, method: PgMethod): string {
  return t(METHOD_KEYS[method]);
}

export function PgStatusTag({ status }: { status: PgOrderStatus }) {
  const { t } = useTranslation('gateway-loads');
  return <Tag color={PG_STATUS_TONE[status]}>{t(PG_STATUS_KEYS[status])}</Tag>;
}

export interface PgLoadScreenProps {
  gateway: PgGateway;
  title: string;
  intro: string;
  /** Paycel's screen leads with its history. */
  historyTitle: string;
}

/**
 * Issue 28: one gateway's load screen (Pay10, Finkeda, Paycel share it). The amount and method,
 * the charge from the server's quote (the rule the credit uses), Pay → the gateway's hosted
 * page → back here, where the result follows the order's status until the gateway has said.
 * A gateway this server has not configured says so and offers nothing to pay.
 */
export function PgLoadScreen(props: PgLoadScreenProps) {
  return (
    <RequireMenuItem item="paymentTracker">
      <AdminPage title={props.title} intro={props.intro}>
        <PgLoad {...props} />
      </AdminPage>
    </RequireMenuItem>
  );
}

function PgLoad({ gateway, historyTitle }: PgLoadScreenProps) {
  const { t } = useTranslation('gateway-loads');
  const gateways = usePgGateways();
  const [params, setParams] = useSearchParams();
  const receipt = params.get('receipt') ?? undefined;
  const label = PG_GATEWAY_INFO[gateway].label;
  if (gateways.isPending) return <Skeleton active />;
  if (gateways.isError) return <Alert type="error" showIcon title={gateways.error.message} />;
  const info = gateways.data.find((one) => one.gateway === gateway);
  return (
    <div className="pg-load">
      {!info?.configured ? (
        <Alert
          type="info"
          showIcon
          className="pg-load__off"
          title={t('off.title', { gateway: label })}
          description={t('off.description', { gateway: label })}
        />
      ) : receipt ? (
        <LoadResult receipt={receipt} label={label} onDone={() => setParams({})} />
      ) : (
        <LoadForm gateway={gateway} methods={info.methods} label={label} />
      )}
      <Card size="small" title={historyTitle} className="pg-load__history">
        <PgOrdersTable gateway={gateway} />
      </Card>
    </div>
  );
}

function LoadForm({
  gateway,
  methods,
  label,
}: {
  gateway: PgGateway;
  methods: PgMethod[];
  label: string;
}) {
  const { t } = useTranslation('gateway-loads');
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PgMethod>(methods[0]!);
  const settled = useDebounced(amount.trim(), 300);
  const checked = checkPgLoad({ gateway, method, amount: settled });
  const quote = usePgQuote(gateway, method, checked.ok ? settled : undefined);
  const create = useCreatePgOrder();
  const key = useRef(crypto.randomUUID());
  const typedCheck = amount.trim()
    ? checkPgLoad({ gateway, method, amount: amount.trim() })
    : undefined;

  const pay = async () => {
    const order = await create.mutateAsync({
      gateway,
      method,
      amount: amount.trim(),
      key: key.current,
    });
    // The gateway's page; it sends the browser back here with its signed answer.
    window.location.assign(order.checkoutUrl!);
  };

  return (
    <Card size="small" title={t('form.title', { gateway: label })} className="pg-load__form">
      <label className="pg-load__label" htmlFor="pg-amount">
        {t('form.amount')}
      </label>
      <Input
        id="pg-amount"
        inputMode="decimal"
        placeholder="2000"
        prefix={RUPEE_SIGN}
        value={amount}
        maxLength={12}
        status={typedCheck && !typedCheck.ok ? 'error' : undefined}
        onChange={(event) => setAmount(event.target.value)}
      />
      {typedCheck && !typedCheck.ok && (
        <div className="pg-load__error" role="alert">
          {typedCheck.message}
        </div>
      )}
      <div className="pg-load__label" id="pg-method">
        {t('form.method')}
      </div>
      <Radio.Group
        aria-labelledby="pg-method"
        value={method}
        onChange={(event) => setMethod(event.target.value as PgMethod)}
        options={methods.map((value) => ({ value, label: pgMethodLabel(t, value) }))}
        optionType="button"
      />
      {checked.ok && quote.data && (
        <Descriptions
          size="small"
          column={1}
          bordered
          className="pg-load__quote"
          aria-label={t('quote.label')}
        >
          <Descriptions.Item label={t('quote.amount')}>
            {formatRupees(quote.data.amount)}
          </Descriptions.Item>
          <Descriptions.Item label={t('quote.fee')}>
            {formatRupees(quote.data.fee)}
          </Descriptions.Item>
          <Descriptions.Item label={t('quote.gst', { rate: formatCount(quote.data.gstRate) })}>
            {formatRupees(quote.data.gst)}
          </Descriptions.Item>
          <Descriptions.Item label={t('quote.charge')}>
            {formatRupees(quote.data.charge)}
          </Descriptions.Item>
          <Descriptions.Item label={t('quote.credited')}>
            <strong>{formatRupees(quote.data.credited)}</strong>
          </Descriptions.Item>
        </Descriptions>
      )}
      {quote.isError && <Alert type="warning" showIcon title={quote.error.message} />}
      {create.isError && <Alert type="error" showIcon title={create.error.message} />}
      <Button
        type="primary"
        className="pg-load__pay"
        disabled={!checked.ok || !quote.data || quote.isFetching || settled !== amount.trim()}
        loading={create.isPending}
        onClick={() => void pay()}
      >
        {checked.ok ? t('form.payAmount', { amount: formatRupees(settled) }) : t('form.pay')}
      </Button>
    </Card>
  );
}

/**
 * Back from the hosted page: the gateway's signed answer sent once for checking, then the
 * order followed until the gateway has said (the money is credited on its word only).
 */
function LoadResult({
  receipt,
  label,
  onDone,
}: {
  receipt: string;
  label: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('gateway-loads');
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const sent = useRef(false);
  const [callbackError, setCallbackError] = useState<string>();
  const paymentId = params.get('payment_id');
  const signature = params.get('signature');
  const error = params.get('error');
  useEffect(() => {
    if (sent.current || !paymentId || !signature) return;
    sent.current = true;
    sendPgCallback({ receipt, paymentId, gatewayOrderId: params.get('order_id'), signature })
      .then((answered) => queryClient.setQueryData(pgKeys.list({ search: receipt }), answered))
      .catch((failure: Error) => setCallbackError(failure.message));
  }, [receipt, paymentId, signature, params, queryClient]);
  const order = usePgOrderByReceipt(receipt);
  const status = order.data?.status;
  // Once the gateway has said, the wallet, the history and the reports move: read them again.
  useEffect(() => {
    if (status && !isOpen(status)) invalidatePg(queryClient);
  }, [status, queryClient]);

  if (order.isPending) return <Skeleton active />;
  if (order.isError) return <Alert type="error" showIcon title={order.error.message} />;
  if (!order.data) return <Alert type="warning" showIcon title={t('result.notFound')} />;
  const o: PgOrderDto = order.data;
  const again = (
    <Button key="again" onClick={onDone}>
      {t('result.again')}
    </Button>
  );
  const details = (
    <Descriptions size="small" column={1} className="pg-load__result-details">
      <Descriptions.Item label={t('result.order')}>{o.receipt}</Descriptions.Item>
      <Descriptions.Item label={t('result.amount')}>{formatRupees(o.amount)}</Descriptions.Item>
      <Descriptions.Item label={t('result.charge')}>{formatRupees(o.charge)}</Descriptions.Item>
      <Descriptions.Item label={t('result.credited')}>{formatRupees(o.credited)}</Descriptions.Item>
      {o.paymentId && (
        <Descriptions.Item label={t('result.payment', { gateway: label })}>
          {o.paymentId}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
  if (o.status === 'paid' || o.status === 'settled') {
    return (
      <Result
        status="success"
        title={t('result.paid.title', { amount: formatRupees(o.credited) })}
        subTitle={t('result.paid.subTitle', { gateway: label, amount: formatRupees(o.amount) })}
        extra={[again]}
      >
        {details}
      </Result>
    );
  }
  if (o.status === 'refunded' || o.status === 'refunding') {
    return (
      <Result
        status="warning"
        title={o.status === 'refunded' ? t('result.refunded') : t('result.refunding')}
        extra={[again]}
      >
        {details}
      </Result>
    );
  }
  if (o.status === 'failed') {
    return (
      <Result
        status="error"
        title={t('result.failed.title')}
        subTitle={t('result.failed.subTitle', {
          gateway: label,
          reason: o.failureReason ?? error ?? t('result.failed.reason'),
        })}
        extra={[again]}
      >
        {details}
      </Result>
    );
  }
  return (
    <Result
      status="info"
      title={t('result.waiting.title', { gateway: label })}
      subTitle={
        callbackError ??
        (error
          ? t('result.waiting.error', { gateway: label, error })
          : t('result.waiting.subTitle', { gateway: label }))
      }
      extra={[again]}
    >
      {details}
    </Result>
  );
}

/** The caller's loads (an admin's: everyone's) through one gateway, newest first. */
export function PgOrdersTable({ gateway }: { gateway?: PgGateway }) {
  const { t } = useTranslation('gateway-loads');
  const [page, setPage] = useState(1);
  const orders = usePgOrders({ gateway, page });
  if (orders.isError) return <Alert type="error" showIcon title={orders.error.message} />;
  return (
    <ScrollRegion>
      <Table<PgOrderDto>
        size="small"
        rowKey="id"
        loading={orders.isFetching && !orders.data}
        dataSource={orders.data?.data ?? []}
        scroll={{ x: true }}
        locale={{ emptyText: t('history.empty') }}
        pagination={{
          current: page,
          pageSize: 10,
          total: orders.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          {
            title: t('history.time'),
            dataIndex: 'createdAt',
            render: (value: string) => formatDateTime(value),
          },
          { title: t('history.order'), dataIndex: 'receipt' },
          {
            title: t('history.status'),
            dataIndex: 'status',
            render: (status: PgOrderStatus) => <PgStatusTag status={status} />,
          },
          {
            title: t('history.method'),
            dataIndex: 'method',
            render: (method: PgMethod) => pgMethodLabel(t, method),
          },
          { title: t('history.amount'), dataIndex: 'amount', align: 'right', render: formatRupees },
          { title: t('history.charge'), dataIndex: 'charge', align: 'right', render: formatRupees },
          {
            title: t('history.credited'),
            dataIndex: 'credited',
            align: 'right',
            render: formatRupees,
          },
          {
            title: t('history.paymentId'),
            dataIndex: 'paymentId',
            render: (value: string | null) => value ?? '—',
          },
        ]}
      />
    </ScrollRegion>
  );
}
