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
import {
  plural,
  checkFundDecisionReason,
  checkPin,
  FUND_REASON_MAX,
  showIndiaDate,
  FUND_REQUEST_MODE_LABELS,
  type BankStatementLine,
  type CompanyBankAccount,
  type FundRequestRecord,
  type FundRequestState,
} from '@khata/domain';
import { AdminPage } from '../common/AdminPage';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { PinConfirmModal } from '../common/PinConfirmModal';
import { DecisionQueue } from '../common/DecisionQueue';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useAdminUser } from '../session/adminUser';
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
import './fund-requests.css';

const PAGE_SIZE = 20;
type Filter = FundRequestState | 'all';
const FILTERS: { label: string; value: Filter }[] = [
  { label: 'Pending', value: 'pending' },
  { label: 'Approved', value: 'approved' },
  { label: 'Rejected', value: 'rejected' },
  { label: 'All', value: 'all' },
];

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
  const isAdmin = useAdminUser().kind === 'admin';
  return (
    <RequireMenuItem item="paymentApproval">
      <AdminPage
        title="Payment Approval"
        intro={
          isAdmin
            ? 'Approve top-ups against the money in our bank accounts: check each proof, or upload the bank statement to match requests by UTR, amount and date.'
            : 'Your retailers’ top-up requests. Approving one pays it from your wallet.'
        }
      >
        {isAdmin ? (
          <Tabs
            items={[
              { key: 'requests', label: 'Requests', children: <FundQueue /> },
              { key: 'statement', label: 'Bank statement', children: <BankStatement /> },
              { key: 'banks', label: 'Company bank accounts', children: <CompanyBanks /> },
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
      title: 'Requested by',
      cardLabel: null,
      hideOnCard: true,
      render: (row) => (
        <>
          {row.requester.name}
          <span className="report-table__sub">{row.requester.mobile}</span>
        </>
      ),
    },
    { key: 'amount', title: 'Amount', align: 'right', render: (row) => formatRupees(row.amount) },
    {
      key: 'paid',
      title: 'Paid',
      render: (row) => (
        <>
          {FUND_REQUEST_MODE_LABELS[row.mode]} · {row.utr}
          <span className="report-table__sub">
            {row.bank.bankName} · {showIndiaDate(row.depositDate)}
          </span>
        </>
      ),
    },
    {
      key: 'state',
      title: 'Status',
      render: (row) => (
        <>
          <FundStateTag state={row.state} />
          {row.state === 'pending' && !row.canDecide && (
            <span className="report-table__sub">
              Approved by {row.approver?.name ?? 'an admin'}
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
          aria-label={`Review the request of ${row.requester.name}`}
        >
          {row.canDecide ? 'Review' : 'View'}
        </Button>
      ),
    },
  ];

  return (
    <>
      <DecisionQueue<FundRequestRecord, Filter>
        className="fund__filter"
        filters={FILTERS}
        filter={filter}
        onFilter={setFilter}
        query={queue}
        page={page}
        onPage={setPage}
        pageSize={PAGE_SIZE}
        label="Payment requests"
        columns={columns}
        rowKey={(row) => row._id}
        emptyText={filter === 'pending' ? 'No request is waiting.' : 'No request found.'}
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
        title={request ? `Request of ${request.requester.name}` : 'Request'}
        onCancel={close}
        destroyOnHidden
        footer={
          request?.canDecide
            ? [
                <Button key="reject" danger onClick={() => ask('reject')}>
                  Reject
                </Button>,
                <Button key="approve" type="primary" onClick={() => ask('approve')}>
                  Approve
                </Button>,
              ]
            : [
                <Button key="close" onClick={close}>
                  Close
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
                    Open the proof (PDF)
                  </a>
                ) : (
                  <img src={proof.url} alt={`Payment proof of ${request.requester.name}`} />
                )
              ) : proof.error ? (
                <Alert type="warning" showIcon title={proof.error} />
              ) : (
                <Skeleton.Image active />
              )}
            </div>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label="Amount">{formatRupees(request.amount)}</Descriptions.Item>
              <Descriptions.Item label="Paid by">
                {FUND_REQUEST_MODE_LABELS[request.mode]}
              </Descriptions.Item>
              <Descriptions.Item label="UTR / reference">{request.utr}</Descriptions.Item>
              <Descriptions.Item label="Into">
                {request.bank.bankName} · {request.bank.accountNumber}
              </Descriptions.Item>
              <Descriptions.Item label="Date paid">
                {showIndiaDate(request.depositDate)}
              </Descriptions.Item>
              <Descriptions.Item label="Mobile">{request.requester.mobile}</Descriptions.Item>
              {request.remark && (
                <Descriptions.Item label="Remark">{request.remark}</Descriptions.Item>
              )}
              <Descriptions.Item label="Sent">
                {formatDateTime(request.createdAt)}
              </Descriptions.Item>
              <Descriptions.Item label="Status">
                <FundStateTag state={request.state} />
              </Descriptions.Item>
              {request.decidedBy && (
                <Descriptions.Item label="Decided by">
                  {request.decidedBy.name}, {formatDateTime(request.decidedAt)}
                </Descriptions.Item>
              )}
              {request.reason && (
                <Descriptions.Item label="Reason">{request.reason}</Descriptions.Item>
              )}
            </Descriptions>
            {request.canDecide && (
              <label className="kyc-review__reason">
                <span>Reason (needed to reject)</span>
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
  const decide = useDecideFundRequest();
  const approve = pending?.action === 'approve';
  return (
    <PinConfirmModal
      open={pending !== undefined}
      title={approve ? 'Approve this request?' : 'Reject this request?'}
      okText={approve ? 'Approve' : 'Reject'}
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
              message.success(answer.message);
              decide.reset();
              onDone();
            },
          },
        );
      }}
    >
      <p>
        {approve
          ? `${formatRupees(pending?.request.amount)} goes to ${pending?.request.requester.name}’s wallet${
              pending?.request.approver ? ' from your wallet' : ''
            }${
              // Issue 31: company money with no bank line behind it takes a second admin.
              !pending?.request.approver && !pending?.line
                ? ' once a second admin approves it under Approvals'
                : ''
            }.`
          : `${pending?.request.requester.name} is told why.`}
      </p>
    </PinConfirmModal>
  );
}

function BankStatement() {
  const { message } = App.useApp();
  const banks = useAllCompanyBanks(true);
  const [bankId, setBankId] = useState<string>();
  const chosen = bankId ?? banks.data?.[0]?._id;
  const matches = useStatementMatches(chosen);
  const upload = useUploadStatement();
  const [pending, setPending] = useState<Pending>();
  const lineColumns: ReportColumn<BankStatementLine>[] = [
    { key: 'date', title: 'Date', render: (line) => showIndiaDate(line.date) },
    { key: 'utr', title: 'UTR', render: (line) => line.utr },
    { key: 'amount', title: 'Amount', align: 'right', render: (line) => formatRupees(line.amount) },
    { key: 'description', title: 'Description', render: (line) => line.description ?? '—' },
  ];
  const data = matches.data;
  return (
    <div className="fund">
      <div className="fund-bank__upload">
        <Select
          aria-label="Company bank account"
          value={chosen}
          onChange={setBankId}
          loading={banks.isPending}
          placeholder="Company bank account"
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
                    void message.success(`${answer.message} ${plural(answer.added, 'new line')}.`);
                  },
                },
              );
            }
            return false;
          }}
        >
          <Button type="primary" loading={upload.isPending} disabled={!chosen}>
            Upload statement (CSV)
          </Button>
        </Upload>
      </div>
      {upload.isError && <Alert type="error" showIcon title={upload.error.message} />}
      {matches.isError && <Alert type="error" showIcon title={matches.error.message} />}
      {data && (
        <>
          <div className="fund-bank__totals">
            <Statistic title="Credits in the statement" value={formatRupees(data.totals.lines)} />
            <Statistic title="Reconciled" value={formatRupees(data.totals.reconciled)} />
            <Statistic title="Proposed" value={formatRupees(data.totals.proposed)} />
            <Statistic title="Unclaimed" value={formatRupees(data.totals.unclaimed)} />
          </div>
          <Card className="admin-card" title="Proposed approvals">
            <ReportTable
              label="Proposed approvals"
              rows={data.proposals}
              rowKey={(row) => row.request._id}
              loading={matches.isFetching}
              emptyText="No pending request matches a bank line."
              cardTitle={(row) => row.request.requester.name}
              columns={[
                {
                  key: 'user',
                  title: 'Requested by',
                  hideOnCard: true,
                  render: (row) => row.request.requester.name,
                },
                { key: 'utr', title: 'UTR', render: (row) => row.line.utr },
                {
                  key: 'amount',
                  title: 'Amount',
                  align: 'right',
                  render: (row) => formatRupees(row.line.amount),
                },
                { key: 'date', title: 'Date', render: (row) => showIndiaDate(row.line.date) },
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
                      Approve
                    </Button>
                  ),
                },
              ]}
            />
          </Card>
          <Card className="admin-card" title="Requests no bank line supports">
            <ReportTable
              label="Unsupported requests"
              rows={data.unsupported}
              rowKey={(row) => row.request._id}
              loading={matches.isFetching}
              emptyText="Every pending request has its bank line."
              cardTitle={(row) => row.request.requester.name}
              columns={[
                {
                  key: 'user',
                  title: 'Requested by',
                  hideOnCard: true,
                  render: (row) => row.request.requester.name,
                },
                { key: 'utr', title: 'UTR', render: (row) => row.request.utr },
                {
                  key: 'amount',
                  title: 'Amount',
                  align: 'right',
                  render: (row) => formatRupees(row.request.amount),
                },
                { key: 'why', title: 'Why', render: (row) => row.why },
              ]}
            />
          </Card>
          <Card className="admin-card" title="Bank lines no request claims">
            <ReportTable<BankStatementLine>
              label="Unclaimed bank lines"
              rows={data.unclaimed}
              rowKey={(line) => line._id}
              loading={matches.isFetching}
              emptyText="Every bank line is claimed."
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
  const banks = useAllCompanyBanks(true);
  const save = useSaveCompanyBank();
  const [form] = Form.useForm<Omit<CompanyBankAccount, '_id' | 'active'>>();
  const columns: ReportColumn<CompanyBankAccount>[] = [
    { key: 'bank', title: 'Bank', hideOnCard: true, render: (row) => row.bankName },
    { key: 'name', title: 'Account name', render: (row) => row.accountName },
    { key: 'number', title: 'Account number', render: (row) => row.accountNumber },
    { key: 'ifsc', title: 'IFSC', render: (row) => row.ifsc },
    {
      key: 'active',
      title: 'In use',
      render: (row) => (
        <Switch
          checked={row.active}
          aria-label={`${row.bankName} ${row.accountNumber} in use`}
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
      <Card className="admin-card" title="Add a company bank account">
        {save.isError && <Alert type="error" showIcon title={save.error.message} />}
        <Form
          form={form}
          layout="vertical"
          className="fund__form"
          disabled={save.isPending}
          onFinish={(values) =>
            save.mutate(values, {
              onSuccess: (answer) => {
                message.success(answer.message);
                form.resetFields();
              },
            })
          }
        >
          <div className="fund__grid">
            <Form.Item name="bankName" label="Bank" rules={[{ required: true }]}>
              <Input maxLength={80} />
            </Form.Item>
            <Form.Item name="accountName" label="Account name" rules={[{ required: true }]}>
              <Input maxLength={120} />
            </Form.Item>
            <Form.Item name="accountNumber" label="Account number" rules={[{ required: true }]}>
              <Input inputMode="numeric" maxLength={18} />
            </Form.Item>
            <Form.Item name="ifsc" label="IFSC" rules={[{ required: true }]}>
              <Input maxLength={11} />
            </Form.Item>
          </div>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Add account
          </Button>
        </Form>
      </Card>
      <ReportTable<CompanyBankAccount>
        label="Company bank accounts"
        rows={banks.data ?? []}
        rowKey={(row) => row._id}
        columns={columns}
        loading={banks.isFetching}
        emptyText="No company bank account yet."
        cardTitle={(row) => row.bankName}
      />
    </div>
  );
}
