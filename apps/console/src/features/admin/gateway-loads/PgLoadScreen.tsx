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
import {
  checkPgLoad,
  PG_GATEWAY_INFO,
  PG_METHOD_LABELS,
  PG_ORDER_STATUS_LABELS,
  type PgGateway,
  type PgMethod,
  type PgOrderStatus,
} from '@khata/domain';
import { useSearchParams } from 'react-router-dom';
import { AdminPage } from '../common/AdminPage';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
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

export const PG_STATUS_TONE: Record<PgOrderStatus, string> = {
  created: 'default',
  attempted: 'processing',
  paid: 'success',
  failed: 'error',
  refunding: 'processing',
  refunded: 'warning',
  settled: 'success',
};

export function PgStatusTag({ status }: { status: PgOrderStatus }) {
  return <Tag color={PG_STATUS_TONE[status]}>{PG_ORDER_STATUS_LABELS[status]}</Tag>;
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
          title={`${label} is not configured on this server`}
          description={`No load can be made through ${label} here. Load through another gateway, or ask Khata support. Any loads made through ${label} before stay listed below.`}
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
    <Card size="small" title={`Load your wallet through ${label}`} className="pg-load__form">
      <label className="pg-load__label" htmlFor="pg-amount">
        Amount (₹)
      </label>
      <Input
        id="pg-amount"
        inputMode="decimal"
        placeholder="2000"
        prefix="₹"
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
        Pay by
      </div>
      <Radio.Group
        aria-labelledby="pg-method"
        value={method}
        onChange={(event) => setMethod(event.target.value as PgMethod)}
        options={methods.map((value) => ({ value, label: PG_METHOD_LABELS[value] }))}
        optionType="button"
      />
      {checked.ok && quote.data && (
        <Descriptions
          size="small"
          column={1}
          bordered
          className="pg-load__quote"
          aria-label="Charge"
        >
          <Descriptions.Item label="You pay">{formatRupees(quote.data.amount)}</Descriptions.Item>
          <Descriptions.Item label="Gateway fee">{formatRupees(quote.data.fee)}</Descriptions.Item>
          <Descriptions.Item label={`GST ${quote.data.gstRate}% on the fee`}>
            {formatRupees(quote.data.gst)}
          </Descriptions.Item>
          <Descriptions.Item label="Charge">{formatRupees(quote.data.charge)}</Descriptions.Item>
          <Descriptions.Item label="Credited to your wallet">
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
        {checked.ok ? `Pay ${formatRupees(settled)}` : 'Pay'}
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
  if (!order.data) return <Alert type="warning" showIcon title="Load order not found." />;
  const o: PgOrderDto = order.data;
  const again = (
    <Button key="again" onClick={onDone}>
      Load again
    </Button>
  );
  const details = (
    <Descriptions size="small" column={1} className="pg-load__result-details">
      <Descriptions.Item label="Order">{o.receipt}</Descriptions.Item>
      <Descriptions.Item label="Amount">{formatRupees(o.amount)}</Descriptions.Item>
      <Descriptions.Item label="Charge">{formatRupees(o.charge)}</Descriptions.Item>
      <Descriptions.Item label="Credited">{formatRupees(o.credited)}</Descriptions.Item>
      {o.paymentId && (
        <Descriptions.Item label={`${label} payment`}>{o.paymentId}</Descriptions.Item>
      )}
    </Descriptions>
  );
  if (o.status === 'paid' || o.status === 'settled') {
    return (
      <Result
        status="success"
        title={`${formatRupees(o.credited)} added to your wallet`}
        subTitle={`${label} confirmed the payment of ${formatRupees(o.amount)}.`}
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
        title={
          o.status === 'refunded'
            ? 'This load was refunded'
            : 'This load is being refunded: the credit is reversed'
        }
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
        title="The payment failed"
        subTitle={`${label} says: ${o.failureReason ?? error ?? 'failed'}. Nothing was credited. If your bank takes the money after all, your wallet is credited when ${label} tells us.`}
        extra={[again]}
      >
        {details}
      </Result>
    );
  }
  return (
    <Result
      status="info"
      title={`Waiting for ${label} to confirm the payment`}
      subTitle={
        callbackError ??
        (error
          ? `${label} reported: ${error}. We keep asking; your wallet is credited only when ${label} confirms.`
          : `Your wallet is credited as soon as ${label} confirms. You can leave this page: the load stays in your history.`)
      }
      extra={[again]}
    >
      {details}
    </Result>
  );
}

/** The caller's loads (an admin's: everyone's) through one gateway, newest first. */
export function PgOrdersTable({ gateway }: { gateway?: PgGateway }) {
  const [page, setPage] = useState(1);
  const orders = usePgOrders({ gateway, page });
  if (orders.isError) return <Alert type="error" showIcon title={orders.error.message} />;
  return (
    <Table<PgOrderDto>
      size="small"
      rowKey="id"
      loading={orders.isFetching && !orders.data}
      dataSource={orders.data?.data ?? []}
      scroll={{ x: true }}
      locale={{ emptyText: 'No loads yet.' }}
      pagination={{
        current: page,
        pageSize: 10,
        total: orders.data?.total ?? 0,
        onChange: setPage,
        showSizeChanger: false,
      }}
      columns={[
        { title: 'Time', dataIndex: 'createdAt', render: (value: string) => formatDateTime(value) },
        { title: 'Order', dataIndex: 'receipt' },
        {
          title: 'Status',
          dataIndex: 'status',
          render: (status: PgOrderStatus) => <PgStatusTag status={status} />,
        },
        { title: 'Method', dataIndex: 'methodLabel' },
        { title: 'Amount', dataIndex: 'amount', align: 'right', render: formatRupees },
        { title: 'Charge', dataIndex: 'charge', align: 'right', render: formatRupees },
        { title: 'Credited', dataIndex: 'credited', align: 'right', render: formatRupees },
        {
          title: 'Payment id',
          dataIndex: 'paymentId',
          render: (value: string | null) => value ?? '—',
        },
      ]}
    />
  );
}
