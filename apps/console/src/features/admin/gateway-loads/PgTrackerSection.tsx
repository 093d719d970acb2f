import { useState } from 'react';
import { Alert, App, Button, Card, Input, Popconfirm, Select, Space, Table, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  PG_GATEWAY_INFO,
  PG_GATEWAYS,
  type PgGateway,
  type PgMethod,
  type PgOrderStatus,
} from '@khata/domain';
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
import { pgMethodLabel, PG_STATUS_KEYS, PgStatusTag } from './PgLoadScreen';
import './gateway-loads.css';
import { ScrollRegion } from '../../../ui/ScrollRegion';

/**
 * Issue 28: the Payment Tracker's PG section: the caller's gateway loads (an admin's:
 * everyone's) with status, method, the gateway's ids, amount, charge and credit; searched by
 * our order id or the gateway's order or payment id; an admin asks the gateway now, or refunds
 * a captured payment. The three load screens start here (they are not in the sidebar).
 */
export function PgTrackerSection() {
  const { t } = useTranslation('gateway-loads');
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
    <Card size="small" title={t('tracker.title')} className="pg-tracker">
      {!admin && (
        <Space wrap className="pg-tracker__loads">
          <ButtonLink to={AppPath.pay10Payments}>{t('tracker.pay10')}</ButtonLink>
          <ButtonLink to={AppPath.finkeda}>{t('tracker.finkeda')}</ButtonLink>
          <ButtonLink to={AppPath.paycelHistory}>{t('tracker.paycel')}</ButtonLink>
        </Space>
      )}
      {admin && <SettlementTools />}
      <Input.Search
        aria-label={t('tracker.search.label')}
        placeholder={t('tracker.search.placeholder')}
        enterButton={t('tracker.search.button')}
        allowClear
        maxLength={60}
        onSearch={(value) => {
          setSearch(value.trim() || undefined);
          setPage(1);
        }}
        className="pg-tracker__search"
      />
      {orders.isError && <Alert type="warning" showIcon title={orders.error.message} />}
      <ScrollRegion>
        <Table<PgOrderDto>
          size="small"
          rowKey="id"
          aria-label={t('tracker.table')}
          loading={orders.isFetching && !orders.data}
          dataSource={orders.data?.data ?? []}
          scroll={{ x: true }}
          locale={{ emptyText: search ? t('tracker.noMatch') : t('tracker.empty') }}
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
            ...(admin ? [{ title: t('tracker.shop'), dataIndex: 'userName' }] : []),
            {
              title: t('tracker.gateway'),
              dataIndex: 'gateway',
              render: (gateway: PgGateway) => PG_GATEWAY_INFO[gateway].label,
            },
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
            {
              title: t('tracker.reference'),
              render: (_: unknown, row: PgOrderDto) => (
                <span className="pg-tracker__ids">
                  {row.gatewayOrderId}
                  {row.paymentId && <br />}
                  {row.paymentId}
                </span>
              ),
            },
            {
              title: t('history.amount'),
              dataIndex: 'amount',
              align: 'right',
              render: formatRupees,
            },
            {
              title: t('history.charge'),
              dataIndex: 'charge',
              align: 'right',
              render: formatRupees,
            },
            {
              title: t('history.credited'),
              dataIndex: 'credited',
              align: 'right',
              render: formatRupees,
            },
            ...(admin
              ? [
                  {
                    title: t('tracker.actions'),
                    render: (_: unknown, row: PgOrderDto) => (
                      <Space wrap>
                        <Button
                          size="small"
                          loading={ask.isPending && ask.variables === row.id}
                          onClick={() =>
                            void act(
                              () => ask.mutateAsync(row.id),
                              (order) =>
                                t('tracker.ask.answer', {
                                  // English names the API's status word (as it always did);
                                  // Hindi the status in its words.
                                  status: order.status,
                                  statusLabel: t(PG_STATUS_KEYS[order.status]),
                                }),
                            )
                          }
                        >
                          {t('tracker.ask.button')}
                        </Button>
                        {(row.status === 'paid' || row.status === 'settled') && (
                          <Popconfirm
                            title={t('tracker.refund.title')}
                            description={t('tracker.refund.description')}
                            onConfirm={() =>
                              void act(
                                () => refund.mutateAsync(row.id),
                                (order) =>
                                  order.status === 'refunded'
                                    ? t('tracker.refund.done')
                                    : order.status === 'refunding'
                                      ? t('tracker.refund.asked')
                                      : {
                                          warning:
                                            order.failureReason ?? t('tracker.refund.refused'),
                                        },
                              )
                            }
                          >
                            <Button size="small" danger>
                              {t('tracker.refund.button')}
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
      </ScrollRegion>
    </Card>
  );
}

/**
 * An admin's settlement tools: the sandbox gateway's settlement file (what a real gateway
 * emails or offers for download at T+2), and its import, reconciled to the paisa.
 */
function SettlementTools() {
  const { t } = useTranslation('gateway-loads');
  const { message } = App.useApp();
  const [gateway, setGateway] = useState<PgGateway>('pay10');
  const importing = useImportSettlement();
  return (
    <Space wrap className="pg-tracker__loads" aria-label={t('settlement.label')}>
      <Select<PgGateway>
        aria-label={t('settlement.gateway')}
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
        {t('settlement.download')}
      </Button>
      <Upload
        accept=".csv,text/csv"
        showUploadList={false}
        beforeUpload={(file) => {
          importing
            .mutateAsync({ gateway, file })
            .then((answer) => message.success(answer.message ?? t('settlement.imported')))
            .catch((error: Error) => message.error(error.message));
          return false;
        }}
      >
        <Button loading={importing.isPending}>{t('settlement.import')}</Button>
      </Upload>
    </Space>
  );
}
