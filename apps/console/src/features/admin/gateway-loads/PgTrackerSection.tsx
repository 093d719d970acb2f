import { useState } from 'react';
import { Alert, App, Button, Card, Input, Popconfirm, Select, Space, Table, Upload } from 'antd';
import { PG_GATEWAY_INFO, PG_GATEWAYS, type PgGateway, type PgOrderStatus } from '@khata/domain';
import { AppPath } from '../../../app/paths';
import { ButtonLink } from '../../../ui/ButtonLink';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { useAdminUser } from '../session/adminUser';
import {
  downloadSandboxSettlement,
  type PgOrderDto,
  useAskGateway,
  useImportSettlement,
  usePgOrders,
  useRefundPgOrder,
} from './api';
import { PgStatusTag } from './PgLoadScreen';
import './gateway-loads.css';

/**
 * Issue 28: the Payment Tracker's PG section: the caller's gateway loads (an admin's:
 * everyone's) with status, method, the gateway's ids, amount, charge and credit; searched by
 * our order id or the gateway's order or payment id; an admin asks the gateway now, or refunds
 * a captured payment. The three load screens start here (they are not in the sidebar).
 */
export function PgTrackerSection() {
  const user = useAdminUser();
  const admin = user.kind === 'admin';
  const { message } = App.useApp();
  const [search, setSearch] = useState<string>();
  const [page, setPage] = useState(1);
  const orders = usePgOrders({ search, page });
  const ask = useAskGateway();
  const refund = useRefundPgOrder();

  /** Runs an admin's act and says its outcome (a refused refund is a warning, not a success). */
  const act = async (
    run: () => Promise<PgOrderDto>,
    done: (order: PgOrderDto) => string | { warning: string },
  ) => {
    try {
      const said = done(await run());
      if (typeof said === 'string') message.success(said);
      else message.warning(said.warning);
    } catch (error) {
      message.error((error as Error).message);
    }
  };

  return (
    <Card size="small" title="Gateway loads (PG)" className="pg-tracker">
      {!admin && (
        <Space wrap className="pg-tracker__loads">
          <ButtonLink to={AppPath.pay10Payments}>Load by Pay10</ButtonLink>
          <ButtonLink to={AppPath.finkeda}>Load by card (Finkeda)</ButtonLink>
          <ButtonLink to={AppPath.paycelHistory}>Paycel</ButtonLink>
        </Space>
      )}
      {admin && <SettlementTools />}
      <Input.Search
        aria-label="PG order id or gateway id"
        placeholder="Order id (pgl_…) or the gateway's order or payment id"
        enterButton="Search"
        allowClear
        maxLength={60}
        onSearch={(value) => {
          setSearch(value.trim() || undefined);
          setPage(1);
        }}
        className="pg-tracker__search"
      />
      {orders.isError && <Alert type="warning" showIcon title={orders.error.message} />}
      <Table<PgOrderDto>
        size="small"
        rowKey="id"
        aria-label="Gateway loads"
        loading={orders.isFetching && !orders.data}
        dataSource={orders.data?.data ?? []}
        scroll={{ x: true }}
        locale={{ emptyText: search ? 'No load matches.' : 'No gateway loads yet.' }}
        pagination={{
          current: page,
          pageSize: 10,
          total: orders.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          {
            title: 'Time',
            dataIndex: 'createdAt',
            render: (value: string) => formatDateTime(value),
          },
          { title: 'Order', dataIndex: 'receipt' },
          ...(admin ? [{ title: 'Shop', dataIndex: 'userName' }] : []),
          {
            title: 'Gateway',
            dataIndex: 'gateway',
            render: (gateway: PgGateway) => PG_GATEWAY_INFO[gateway].label,
          },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (status: PgOrderStatus) => <PgStatusTag status={status} />,
          },
          { title: 'Method', dataIndex: 'methodLabel' },
          {
            title: 'Gateway reference',
            render: (_: unknown, row: PgOrderDto) => (
              <span className="pg-tracker__ids">
                {row.gatewayOrderId}
                {row.paymentId && <br />}
                {row.paymentId}
              </span>
            ),
          },
          { title: 'Amount', dataIndex: 'amount', align: 'right', render: formatRupees },
          { title: 'Charge', dataIndex: 'charge', align: 'right', render: formatRupees },
          { title: 'Credited', dataIndex: 'credited', align: 'right', render: formatRupees },
          ...(admin
            ? [
                {
                  title: 'Actions',
                  render: (_: unknown, row: PgOrderDto) => (
                    <Space wrap>
                      <Button
                        size="small"
                        loading={ask.isPending && ask.variables === row.id}
                        onClick={() =>
                          void act(
                            () => ask.mutateAsync(row.id),
                            (order) => `The gateway says: ${order.status}.`,
                          )
                        }
                      >
                        Ask the gateway now
                      </Button>
                      {(row.status === 'paid' || row.status === 'settled') && (
                        <Popconfirm
                          title="Refund this load?"
                          description="The payer gets the money back and the wallet credit is reversed."
                          onConfirm={() =>
                            void act(
                              () => refund.mutateAsync(row.id),
                              (order) =>
                                order.status === 'refunded'
                                  ? 'Refunded; the credit is reversed.'
                                  : order.status === 'refunding'
                                    ? 'Refund asked; the credit is reversed. The gateway has not answered yet: it is asked again until it does.'
                                    : {
                                        warning:
                                          order.failureReason ?? 'The gateway refused the refund.',
                                      },
                            )
                          }
                        >
                          <Button size="small" danger>
                            Refund
                          </Button>
                        </Popconfirm>
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

/**
 * An admin's settlement tools: the sandbox gateway's settlement file (what a real gateway
 * emails or offers for download at T+2), and its import, reconciled to the paisa.
 */
function SettlementTools() {
  const { message } = App.useApp();
  const [gateway, setGateway] = useState<PgGateway>('pay10');
  const importing = useImportSettlement();
  return (
    <Space wrap className="pg-tracker__loads" aria-label="Settlement">
      <Select<PgGateway>
        aria-label="Settlement gateway"
        value={gateway}
        onChange={setGateway}
        options={PG_GATEWAYS.map((value) => ({ value, label: PG_GATEWAY_INFO[value].label }))}
      />
      <Button
        onClick={() =>
          void downloadSandboxSettlement(gateway).catch((error: Error) =>
            message.error(error.message),
          )
        }
      >
        Sandbox settlement file
      </Button>
      <Upload
        accept=".csv,text/csv"
        showUploadList={false}
        beforeUpload={(file) => {
          importing
            .mutateAsync({ gateway, file })
            .then((answer) => message.success(answer.message ?? 'Settlement imported.'))
            .catch((error: Error) => message.error(error.message));
          return false;
        }}
      >
        <Button loading={importing.isPending}>Import settlement CSV</Button>
      </Upload>
    </Space>
  );
}
