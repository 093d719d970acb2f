import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Select, Upload } from 'antd';
import type { UploadFile } from 'antd';
import {
  checkDepositDate,
  checkFundAmount,
  checkFundMode,
  checkFundModeFits,
  checkFundReference,
  checkFundRemark,
  FUND_PROOF_MAX_BYTES,
  FUND_REMARK_MAX,
  FUND_REQUEST_MODE_LABELS,
  FUND_REQUEST_MODES,
  showIndiaDate,
  FundRequestMessages,
  fundModesFor,
  indiaDay,
  pass,
  type FundRequestMode,
  type FundRequestRecord,
} from '@khata/domain';
import { ruleFrom } from '../../../ui/formRules';
import { AdminPage } from '../common/AdminPage';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useCompanyBanks, useMyFundRequests, useSubmitFundRequest } from './api';
import { FundStateTag } from './FundStateTag';
import './fund-requests.css';

const PAGE_SIZE = 10;
const PROOF_TYPES = 'image/png,image/jpeg,image/webp,application/pdf';

interface FundValues {
  amount?: string;
  mode?: string;
  utr?: string;
  bankAccountId?: string;
  depositDate?: string;
  remark?: string;
  proof?: UploadFile[];
}

/** Issue 13: ask for a top-up paid into a company bank account, and follow its state live. */
export function PaymentRequestPage() {
  return (
    <RequireMenuItem item="paymentRequest">
      <AdminPage
        title="Payment Request"
        intro="Paid money into one of our bank accounts? Send the payment's details and proof: your distributor (or our team) approves it and your wallet is credited at once."
      >
        <div className="fund">
          <FundRequestForm />
          <MyFundRequests />
        </div>
      </AdminPage>
    </RequireMenuItem>
  );
}

function FundRequestForm() {
  const { message } = App.useApp();
  const [form] = Form.useForm<FundValues>();
  const banks = useCompanyBanks();
  const submit = useSubmitFundRequest();
  const today = indiaDay(new Date());
  const typed = checkFundAmount(Form.useWatch('amount', form));
  const offered = fundModesFor(typed.ok ? typed.value : null);

  const send = (values: FundValues) => {
    const file = values.proof?.[0]?.originFileObj;
    if (!file || !values.amount || !values.mode || !values.utr || !values.bankAccountId) return;
    submit.mutate(
      {
        amount: values.amount.trim(),
        mode: values.mode,
        utr: values.utr.trim(),
        bankAccountId: values.bankAccountId,
        depositDate: values.depositDate ?? today,
        remark: values.remark?.trim(),
        proof: file,
      },
      {
        onSuccess: (answer) => {
          message.success(answer.message ?? FundRequestMessages.submitted);
          form.resetFields();
        },
      },
    );
  };

  return (
    <Card className="admin-card" title="New payment request">
      {submit.isError && <Alert type="error" showIcon title={submit.error.message} />}
      {banks.data?.length === 0 && (
        <Alert type="warning" showIcon title="No company bank account is set up yet." />
      )}
      <Form<FundValues>
        form={form}
        name="fund-request"
        layout="vertical"
        className="fund__form"
        disabled={submit.isPending}
        initialValues={{ depositDate: today, mode: 'IMPS' }}
        onFinish={send}
        onValuesChange={() => submit.isError && submit.reset()}
      >
        <div className="fund__grid">
          <Form.Item name="amount" label="Amount (₹)" rules={[ruleFrom(checkFundAmount)]}>
            <Input inputMode="decimal" placeholder="At least ₹100" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="mode"
            label="Paid by"
            dependencies={['amount']}
            rules={[
              ruleFrom(checkFundMode),
              ({ getFieldValue }) =>
                ruleFrom((mode) => {
                  const amount = checkFundAmount(getFieldValue('amount'));
                  // No amount yet: the amount's own field says so; the mode waits for it.
                  return amount.ok
                    ? checkFundModeFits(mode as FundRequestMode, amount.value)
                    : pass(mode);
                }),
            ]}
          >
            <Select
              options={FUND_REQUEST_MODES.map((mode) => ({
                value: mode,
                label: FUND_REQUEST_MODE_LABELS[mode],
                // A rail that cannot carry the amount typed is not offered (issue 23).
                disabled: !offered.includes(mode),
              }))}
            />
          </Form.Item>
          <Form.Item name="utr" label="UTR / reference" rules={[ruleFrom(checkFundReference)]}>
            <Input autoComplete="off" maxLength={60} placeholder="e.g. 412345678901" />
          </Form.Item>
          <Form.Item
            name="bankAccountId"
            label="Paid into"
            rules={[{ required: true, message: FundRequestMessages.bankRequired }]}
          >
            <Select
              loading={banks.isPending}
              placeholder="Company bank account"
              options={(banks.data ?? []).map((bank) => ({
                value: bank._id,
                label: `${bank.bankName} · ${bank.accountNumber}`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="depositDate"
            label="Date paid"
            rules={[ruleFrom((value) => checkDepositDate(value, today))]}
          >
            <Input type="date" max={today} />
          </Form.Item>
          <Form.Item name="remark" label="Remark" rules={[ruleFrom(checkFundRemark)]}>
            <Input maxLength={FUND_REMARK_MAX} autoComplete="off" />
          </Form.Item>
        </div>
        <Form.Item
          name="proof"
          label="Payment proof"
          extra="A photo (PNG, JPEG, WebP) or a PDF of the slip or screenshot, at most 2 MB."
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
          rules={[
            {
              validator: async (_rule, files: UploadFile[] | undefined) => {
                const file = files?.[0];
                if (!file) throw new Error(FundRequestMessages.proofRequired);
                if ((file.size ?? 0) > FUND_PROOF_MAX_BYTES)
                  throw new Error(FundRequestMessages.proofTooLarge);
              },
            },
          ]}
        >
          <Upload accept={PROOF_TYPES} beforeUpload={() => false} maxCount={1}>
            <Button>Choose proof</Button>
          </Upload>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          Send request
        </Button>
      </Form>
    </Card>
  );
}

function MyFundRequests() {
  const [page, setPage] = useState(1);
  const list = useMyFundRequests({ page, pageSize: PAGE_SIZE });
  const columns: ReportColumn<FundRequestRecord>[] = [
    {
      key: 'amount',
      title: 'Amount',
      align: 'right',
      hideOnCard: true,
      render: (row) => formatRupees(row.amount),
    },
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
    { key: 'sent', title: 'Sent', render: (row) => formatDateTime(row.createdAt) },
    {
      key: 'approver',
      title: 'Approver',
      render: (row) => row.approver?.name ?? 'Khata',
    },
    {
      key: 'state',
      title: 'Status',
      render: (row) => (
        <>
          <FundStateTag state={row.state} />
          {row.reason && <span className="report-table__sub">{row.reason}</span>}
        </>
      ),
    },
  ];
  return (
    <Card className="admin-card" title="Your requests">
      {list.isError && <Alert type="error" showIcon title={list.error.message} />}
      <ReportTable<FundRequestRecord>
        label="Your payment requests"
        rows={list.data?.data ?? []}
        rowKey={(row) => row._id}
        columns={columns}
        loading={list.isFetching}
        emptyText="You have sent no payment request yet."
        cardTitle={(row) => formatRupees(row.amount)}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
      />
    </Card>
  );
}
