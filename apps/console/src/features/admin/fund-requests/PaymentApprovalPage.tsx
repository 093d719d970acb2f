import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Modal,
  Select,
  Skeleton,
  Statistic,
  Switch,
  Tabs,
  Upload,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  checkFundDecisionReason,
  checkPin,
  FUND_REASON_MAX,
  type BankStatementLine,
  type CompanyBankAccount,
  type FundRequestRecord,
  type FundRequestState,
} from '@khata/domain';
import { formatCount, formatDate } from '../../../i18n/format';
import { AdminPage } from '../common/AdminPage';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { PinConfirmModal } from '../common/PinConfirmModal';
import { DecisionQueue } from '../common/DecisionQueue';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useAdminUser } from '../session/adminUser';
import { localizeMessage } from '../../../i18n/messages';
import {
  useAllCompanyBanks,
  useDecideFundRequest,
  useFundQueue,
  useProofUrl,
  useSaveCompanyBank,
  useStatementMatches,
  useUploadStatement,
} from './api';
import { FundStateTag } from './FundStateTag';
import { modeLabel } from './modeLabels';
import './fund-requests.css';

const PAGE_SIZE = 20;
type Filter = FundRequestState | 'all';
const FILTER_KEYS = {
  pending: 'approval.filter.pending',
  approved: 'approval.filter.approved',
  rejected: 'approval.filter.rejected',
  all: 'approval.filter.all',
} as const satisfies Record<Filter, string>;
const FILTERS: Filter[] = ['pending', 'approved', 'rejected', 'all'];

/** A decision the approver is about to confirm with the PIN. */
interface Pending {
  request: FundRequestRecord;
  action: 'approve' | 'reject';
  reason?: string;
  line?: BankStatementLine;
}

/**
 * Issue 13: the approver's queue of fund requests (a distributor's direct downline; an admin's
 * direct users and distributor tiers), each with its proof; admins also reconcile the company's
 * bank statement and keep its bank accounts.
 */
export function PaymentApprovalPage() {
  const { t } = useTranslation('fund-requests');
  const isAdmin = useAdminUser().kind === 'admin';
  return (
    <RequireMenuItem item="paymentApproval">
      <AdminPage
        title={t('approval.title')}
        intro={isAdmin ? t('approval.introAdmin') : t('approval.intro')}
      >
        {isAdmin ? (
          <Tabs
            className="fund-tabs"
            items={[
              { key: 'requests', label: t('approval.tabs.requests'), children: <FundQueue /> },
              {
                key: 'statement',
                label: t('approval.tabs.statement'),
                children: <BankStatement />,
              },
              { key: 'banks', label: t('approval.tabs.banks'), children: <CompanyBanks /> },
            ]}
          />
        ) : (
          <FundQueue />
        )}
      </AdminPage>
    </RequireMenuItem>
  );
}

function FundQueue() {
  const { t } = useTranslation('fund-requests');
  const [filter, setFilter] = useState<Filter>('pending');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<FundRequestRecord>();
  const queue = useFundQueue({
    ...(filter !== 'all' && { state: filter }),
    page,
    pageSize: PAGE_SIZE,
  });

  const columns: ReportColumn<FundRequestRecord>[] = [
    {
      key: 'user',
      title: t('approval.columns.requestedBy'),
      cardLabel: null,
      hideOnCard: true,
      render: (row) => (
        <>
          {row.requester.name}
          <span className="report-table__sub">{row.requester.mobile}</span>
        </>
      ),
    },
    {
      key: 'amount',
      title: t('approval.columns.amount'),
      align: 'right',
      render: (row) => formatRupees(row.amount),
    },
    {
      key: 'paid',
      title: t('approval.columns.paid'),
      render: (row) => (
        <>
          {modeLabel(row.mode)} · {row.utr}
          <span className="report-table__sub">
            {row.bank.bankName} · {formatDate(row.depositDate)}
          </span>
        </>
      ),
    },
    {
      key: 'state',
      title: t('approval.columns.status'),
      render: (row) => (
        <>
          <FundStateTag state={row.state} />
          {row.state === 'pending' && !row.canDecide && (
            <span className="report-table__sub">
              {row.approver?.name
                ? t('approval.approvedBy', { name: row.approver.name })
                : t('approval.approvedByAdmin')}
            </span>
          )}
          {row.reason && <span className="report-table__sub">{row.reason}</span>}
        </>
      ),
    },
    {
      key: 'review',
      title: '',
      cardLabel: null,
      render: (row) => (
        <Button
          size="small"
          type={row.canDecide ? 'primary' : 'default'}
          onClick={() => setOpen(row)}
          aria-label={t('approval.reviewLabel', { name: row.requester.name })}
        >
          {row.canDecide ? t('approval.review') : t('approval.view')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <DecisionQueue<FundRequestRecord, Filter>
        className="fund__filter"
        filters={FILTERS.map((value) => ({ value, label: t(FILTER_KEYS[value]) }))}
        filter={filter}
        onFilter={setFilter}
        query={queue}
        page={page}
        onPage={setPage}
        pageSize={PAGE_SIZE}
        label={t('approval.label')}
        columns={columns}
        rowKey={(row) => row._id}
        emptyText={filter === 'pending' ? t('approval.emptyWaiting') : t('approval.empty')}
        person={(row) => row.requester}
      />
      <ReviewModal request={open} onClose={() => setOpen(undefined)} />
    </>
  );
}

function ReviewModal({
  request,
  onClose,
}: {
  request: FundRequestRecord | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('fund-requests');
  const proof = useProofUrl(request?._id);
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const [pending, setPending] = useState<Pending>();
  const close = () => {
    setReason('');
    setRefusal(undefined);
    onClose();
  };
  const ask = (action: 'approve' | 'reject') => {
    const checked = checkFundDecisionReason(action, reason);
    if (!checked.ok || !request) {
      setRefusal(checked.ok ? undefined : checked.message);
      return;
    }
    setPending({ request, action, reason: checked.value ?? undefined });
  };

  return (
    <>
      <Modal
        open={request !== undefined}
        title={
          request ? t('review.title', { name: request.requester.name }) : t('review.titleNone')
        }
        onCancel={close}
        destroyOnHidden
        footer={
          request?.canDecide
            ? [
                <Button key="reject" danger onClick={() => ask('reject')}>
                  {t('review.reject')}
                </Button>,
                <Button key="approve" type="primary" onClick={() => ask('approve')}>
                  {t('review.approve')}
                </Button>,
              ]
            : [
                <Button key="close" onClick={close}>
                  {t('review.close')}
                </Button>,
              ]
        }
      >
        {request && (
          <div className="fund-review">
            <div className="fund-review__proof">
              {proof.url ? (
                proof.type === 'application/pdf' ? (
                  <a href={proof.url} target="_blank" rel="noreferrer">
                    {t('review.openPdf')}
                  </a>
                ) : (
                  <img
                    src={proof.url}
                    alt={t('review.proofAlt', { name: request.requester.name })}
                  />
                )
              ) : proof.error ? (
                <Alert type="warning" showIcon title={proof.error} />
              ) : (
                <Skeleton.Image active />
              )}
            </div>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t('review.amount')}>
                {formatRupees(request.amount)}
              </Descriptions.Item>
              <Descriptions.Item label={t('review.mode')}>
                {modeLabel(request.mode)}
              </Descriptions.Item>
              <Descriptions.Item label={t('review.utr')}>{request.utr}</Descriptions.Item>
              <Descriptions.Item label={t('review.into')}>
                {request.bank.bankName} · {request.bank.accountNumber}
              </Descriptions.Item>
              <Descriptions.Item label={t('review.date')}>
                {formatDate(request.depositDate)}
              </Descriptions.Item>
              <Descriptions.Item label={t('review.mobile')}>
                {request.requester.mobile}
              </Descriptions.Item>
              {request.remark && (
                <Descriptions.Item label={t('review.remark')}>{request.remark}</Descriptions.Item>
              )}
              <Descriptions.Item label={t('review.sent')}>
                {formatDateTime(request.createdAt)}
              </Descriptions.Item>
              <Descriptions.Item label={t('review.status')}>
                <FundStateTag state={request.state} />
              </Descriptions.Item>
              {request.decidedBy && (
                <Descriptions.Item label={t('review.decidedBy')}>
                  {request.decidedBy.name}, {formatDateTime(request.decidedAt)}
                </Descriptions.Item>
              )}
              {request.reason && (
                <Descriptions.Item label={t('review.reason')}>{request.reason}</Descriptions.Item>
              )}
            </Descriptions>
            {request.canDecide && (
              <label className="kyc-review__reason">
                <span>{t('review.reasonInput')}</span>
                <Input.TextArea
                  value={reason}
                  maxLength={FUND_REASON_MAX}
                  autoSize={{ minRows: 2, maxRows: 4 }}
                  onChange={(event) => {
                    setReason(event.target.value);
                    setRefusal(undefined);
                  }}
                />
              </label>
            )}
            {refusal && <Alert type="error" showIcon title={refusal} />}
          </div>
        )}
      </Modal>
      <DecisionPin
        pending={pending}
        onDone={() => {
          setPending(undefined);
          close();
        }}
        onCancel={() => setPending(undefined)}
      />
    </>
  );
}

function DecisionPin({
  pending,
  onDone,
  onCancel,
}: {
  pending: Pending | undefined;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { message } = App.useApp();
  const { t } = useTranslation('fund-requests');
  const decide = useDecideFundRequest();
  const approve = pending?.action === 'approve';
  return (
    <PinConfirmModal
      open={pending !== undefined}
      title={approve ? t('decision.approveTitle') : t('decision.rejectTitle')}
      okText={approve ? t('decision.approve') : t('decision.reject')}
      danger={!approve}
      check={checkPin}
      loading={decide.isPending}
      error={decide.isError ? decide.error.message : undefined}
      onCancel={() => {
        decide.reset();
        onCancel();
      }}
      onConfirm={(pin) => {
        if (!pending) return;
        decide.mutate(
          {
            id: pending.request._id,
            action: pending.action,
            ...(pending.reason && { remark: pending.reason }),
            ...(pending.line && { statementLineId: pending.line._id }),
            pin,
          },
          {
            onSuccess: (answer) => {
              message.success(localizeMessage(answer.message));
              decide.reset();
              onDone();
            },
          },
        );
      }}
    >
      <p>
        {approve
          ? t(
              pending?.request.approver
                ? 'decision.goesFromYourWallet'
                : // Issue 31: company money with no bank line behind it takes a second admin.
                  !pending?.line
                  ? 'decision.goesAfterSecondAdmin'
                  : 'decision.goes',
              {
                amount: formatRupees(pending?.request.amount),
                name: pending?.request.requester.name,
              },
            )
          : t('decision.toldWhy', { name: pending?.request.requester.name })}
      </p>
    </PinConfirmModal>
  );
}

function BankStatement() {
  const { message } = App.useApp();
  const { t } = useTranslation('fund-requests');
  const banks = useAllCompanyBanks(true);
  const [bankId, setBankId] = useState<string>();
  const chosen = bankId ?? banks.data?.[0]?._id;
  const matches = useStatementMatches(chosen);
  const upload = useUploadStatement();
  const [pending, setPending] = useState<Pending>();
  const lineColumns: ReportColumn<BankStatementLine>[] = [
    { key: 'date', title: t('statement.columns.date'), render: (line) => formatDate(line.date) },
    { key: 'utr', title: t('statement.columns.utr'), render: (line) => line.utr },
    {
      key: 'amount',
      title: t('statement.columns.amount'),
      align: 'right',
      render: (line) => formatRupees(line.amount),
    },
    {
      key: 'description',
      title: t('statement.columns.description'),
      render: (line) => line.description ?? '—',
    },
  ];
  const data = matches.data;
  return (
    <div className="fund">
      <div className="fund-bank__upload">
        <Select
          aria-label={t('statement.bank')}
          value={chosen}
          onChange={setBankId}
          loading={banks.isPending}
          placeholder={t('statement.bank')}
          options={(banks.data ?? []).map((bank) => ({
            value: bank._id,
            label: `${bank.bankName} · ${bank.accountNumber}`,
          }))}
        />
        <Upload
          accept=".csv,text/csv"
          showUploadList={false}
          disabled={!chosen || upload.isPending}
          beforeUpload={(file) => {
            if (chosen) {
              upload.mutate(
                { bankAccountId: chosen, file },
                {
                  onSuccess: (answer) => {
                    void message.success(
                      t('statement.uploaded', {
                        message: localizeMessage(answer.message),
                        count: answer.added,
                        n: formatCount(answer.added),
                      }),
                    );
                  },
                },
              );
            }
            return false;
          }}
        >
          <Button type="primary" loading={upload.isPending} disabled={!chosen}>
            {t('statement.upload')}
          </Button>
        </Upload>
      </div>
      {upload.isError && <Alert type="error" showIcon title={upload.error.message} />}
      {matches.isError && <Alert type="error" showIcon title={matches.error.message} />}
      {data && (
        <>
          <div className="fund-bank__totals">
            <Statistic
              title={t('statement.totals.lines')}
              value={formatRupees(data.totals.lines)}
            />
            <Statistic
              title={t('statement.totals.reconciled')}
              value={formatRupees(data.totals.reconciled)}
            />
            <Statistic
              title={t('statement.totals.proposed')}
              value={formatRupees(data.totals.proposed)}
            />
            <Statistic
              title={t('statement.totals.unclaimed')}
              value={formatRupees(data.totals.unclaimed)}
            />
          </div>
          <Card className="admin-card" title={t('statement.proposals.title')}>
            <ReportTable
              label={t('statement.proposals.title')}
              rows={data.proposals}
              rowKey={(row) => row.request._id}
              loading={matches.isFetching}
              emptyText={t('statement.proposals.empty')}
              cardTitle={(row) => row.request.requester.name}
              columns={[
                {
                  key: 'user',
                  title: t('statement.columns.requestedBy'),
                  hideOnCard: true,
                  render: (row) => row.request.requester.name,
                },
                { key: 'utr', title: t('statement.columns.utr'), render: (row) => row.line.utr },
                {
                  key: 'amount',
                  title: t('statement.columns.amount'),
                  align: 'right',
                  render: (row) => formatRupees(row.line.amount),
                },
                {
                  key: 'date',
                  title: t('statement.columns.date'),
                  render: (row) => formatDate(row.line.date),
                },
                {
                  key: 'approve',
                  title: '',
                  cardLabel: null,
                  render: (row) => (
                    <Button
                      size="small"
                      type="primary"
                      onClick={() =>
                        setPending({ request: row.request, action: 'approve', line: row.line })
                      }
                    >
                      {t('statement.approve')}
                    </Button>
                  ),
                },
              ]}
            />
          </Card>
          <Card className="admin-card" title={t('statement.unsupported.title')}>
            <ReportTable
              label={t('statement.unsupported.label')}
              rows={data.unsupported}
              rowKey={(row) => row.request._id}
              loading={matches.isFetching}
              emptyText={t('statement.unsupported.empty')}
              cardTitle={(row) => row.request.requester.name}
              columns={[
                {
                  key: 'user',
                  title: t('statement.columns.requestedBy'),
                  hideOnCard: true,
                  render: (row) => row.request.requester.name,
                },
                { key: 'utr', title: t('statement.columns.utr'), render: (row) => row.request.utr },
                {
                  key: 'amount',
                  title: t('statement.columns.amount'),
                  align: 'right',
                  render: (row) => formatRupees(row.request.amount),
                },
                { key: 'why', title: t('statement.columns.why'), render: (row) => row.why },
              ]}
            />
          </Card>
          <Card className="admin-card" title={t('statement.unclaimed.title')}>
            <ReportTable<BankStatementLine>
              label={t('statement.unclaimed.label')}
              rows={data.unclaimed}
              rowKey={(line) => line._id}
              loading={matches.isFetching}
              emptyText={t('statement.unclaimed.empty')}
              cardTitle={(line) => line.utr}
              columns={lineColumns}
            />
          </Card>
        </>
      )}
      <DecisionPin
        pending={pending}
        onDone={() => setPending(undefined)}
        onCancel={() => setPending(undefined)}
      />
    </div>
  );
}

function CompanyBanks() {
  const { message } = App.useApp();
  const { t } = useTranslation('fund-requests');
  const banks = useAllCompanyBanks(true);
  const save = useSaveCompanyBank();
  const [form] = Form.useForm<Omit<CompanyBankAccount, '_id' | 'active'>>();
  const columns: ReportColumn<CompanyBankAccount>[] = [
    { key: 'bank', title: t('banks.bank'), hideOnCard: true, render: (row) => row.bankName },
    { key: 'name', title: t('banks.accountName'), render: (row) => row.accountName },
    { key: 'number', title: t('banks.accountNumber'), render: (row) => row.accountNumber },
    { key: 'ifsc', title: t('banks.ifsc'), render: (row) => row.ifsc },
    {
      key: 'active',
      title: t('banks.inUse'),
      render: (row) => (
        <Switch
          checked={row.active}
          aria-label={t('banks.inUseLabel', { bank: row.bankName, account: row.accountNumber })}
          onChange={(active) => {
            const { _id, ...rest } = row;
            save.mutate({ id: _id, ...rest, active });
          }}
        />
      ),
    },
  ];
  return (
    <div className="fund">
      <Card className="admin-card" title={t('banks.addTitle')}>
        {save.isError && <Alert type="error" showIcon title={save.error.message} />}
        <Form
          form={form}
          layout="vertical"
          className="fund__form"
          disabled={save.isPending}
          onFinish={(values) =>
            save.mutate(values, {
              onSuccess: (answer) => {
                message.success(answer.message && localizeMessage(answer.message));
                form.resetFields();
              },
            })
          }
        >
          <div className="fund__grid">
            <Form.Item name="bankName" label={t('banks.bank')} rules={[{ required: true }]}>
              <Input maxLength={80} />
            </Form.Item>
            <Form.Item
              name="accountName"
              label={t('banks.accountName')}
              rules={[{ required: true }]}
            >
              <Input maxLength={120} />
            </Form.Item>
            <Form.Item
              name="accountNumber"
              label={t('banks.accountNumber')}
              rules={[{ required: true }]}
            >
              <Input inputMode="numeric" maxLength={18} />
            </Form.Item>
            <Form.Item name="ifsc" label={t('banks.ifsc')} rules={[{ required: true }]}>
              <Input maxLength={11} />
            </Form.Item>
          </div>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('banks.add')}
          </Button>
        </Form>
      </Card>
      <ReportTable<CompanyBankAccount>
        label={t('banks.label')}
        rows={banks.data ?? []}
        rowKey={(row) => row._id}
        columns={columns}
        loading={banks.isFetching}
        emptyText={t('banks.empty')}
        cardTitle={(row) => row.bankName}
      />
    </div>
  );
}
