import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Select, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  checkDepositDate,
  checkFundAmount,
  checkFundMode,
  checkFundModeFits,
  checkFundReference,
  checkFundRemark,
  FUND_PROOF_MAX_BYTES,
  FUND_REMARK_MAX,
  FUND_REQUEST_MODES,
  FundRequestMessages,
  fundModesFor,
  indiaDay,
  pass,
  type FundRequestMode,
  type FundRequestRecord,
} from '@khata/domain';
import { formatDate } from '../../../i18n/format';
import { ruleFrom } from '../../../ui/formRules';
import { AdminPage } from '../common/AdminPage';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useCompanyBanks, useMyFundRequests, useSubmitFundRequest } from './api';
import { FundStateTag } from './FundStateTag';
import { modeLabel } from './modeLabels';
import './fund-requests.css';
import { localizeMessage } from '../../../i18n/messages';
import { FocusedResult } from '../../../ui/FocusedResult';

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
  const { t } = useTranslation('fund-requests');
  return (
    <RequireMenuItem item="paymentRequest">
      <AdminPage title={t('request.title')} intro={t('request.intro')}>
        <div className="fund">
          <FundRequestForm />
          <MyFundRequests />
        </div>
      </AdminPage>
    </RequireMenuItem>
  );
}

function FundRequestForm() {
  const { t } = useTranslation('fund-requests');
  const [sent, setSent] = useState<string>();
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
          // Said where the form was, with the focus on it (issue 30), not in a passing toast.
          setSent(localizeMessage(answer.message ?? FundRequestMessages.submitted));
          form.resetFields();
        },
      },
    );
  };

  return (
    <Card className="admin-card" title={t('request.form.title')}>
      {sent && !submit.isPending && !submit.isError && (
        <FocusedResult result={submit.data}>
          <Alert
            type="success"
            showIcon
            title={sent}
            closable={{
              onClose: () => setSent(undefined),
              'aria-label': t('request.form.dismiss'),
            }}
          />
        </FocusedResult>
      )}
      {submit.isError && (
        <FocusedResult result={submit.error}>
          <Alert type="error" showIcon title={submit.error.message} />
        </FocusedResult>
      )}
      {banks.data?.length === 0 && (
        <Alert type="warning" showIcon title={t('request.form.noBank')} />
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
          <Form.Item
            name="amount"
            label={t('request.form.amount')}
            rules={[ruleFrom(checkFundAmount)]}
          >
            <Input
              inputMode="decimal"
              placeholder={t('request.form.amountPlaceholder')}
              autoComplete="off"
            />
          </Form.Item>
          <Form.Item
            name="mode"
            label={t('request.form.mode')}
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
                label: modeLabel(mode),
                // A rail that cannot carry the amount typed is not offered (issue 23).
                disabled: !offered.includes(mode),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="utr"
            label={t('request.form.utr')}
            rules={[ruleFrom(checkFundReference)]}
          >
            <Input
              autoComplete="off"
              maxLength={60}
              placeholder={t('request.form.utrPlaceholder')}
            />
          </Form.Item>
          <Form.Item
            name="bankAccountId"
            label={t('request.form.bank')}
            rules={[{ required: true, message: localizeMessage(FundRequestMessages.bankRequired) }]}
          >
            <Select
              loading={banks.isPending}
              placeholder={t('request.form.bankPlaceholder')}
              options={(banks.data ?? []).map((bank) => ({
                value: bank._id,
                label: `${bank.bankName} · ${bank.accountNumber}`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="depositDate"
            label={t('request.form.date')}
            rules={[ruleFrom((value) => checkDepositDate(value, today))]}
          >
            <Input type="date" max={today} />
          </Form.Item>
          <Form.Item
            name="remark"
            label={t('request.form.remark')}
            rules={[ruleFrom(checkFundRemark)]}
          >
            <Input maxLength={FUND_REMARK_MAX} autoComplete="off" />
          </Form.Item>
        </div>
        <Form.Item
          name="proof"
          label={t('request.form.proof')}
          extra={t('request.form.proofHint')}
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
          rules={[
            {
              validator: async (_rule, files: UploadFile[] | undefined) => {
                const file = files?.[0];
                if (!file) throw new Error(localizeMessage(FundRequestMessages.proofRequired));
                if ((file.size ?? 0) > FUND_PROOF_MAX_BYTES)
                  throw new Error(localizeMessage(FundRequestMessages.proofTooLarge));
              },
            },
          ]}
        >
          <Upload accept={PROOF_TYPES} beforeUpload={() => false} maxCount={1}>
            <Button>{t('request.form.chooseProof')}</Button>
          </Upload>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          {t('request.form.send')}
        </Button>
      </Form>
    </Card>
  );
}

function MyFundRequests() {
  const { t } = useTranslation('fund-requests');
  const [page, setPage] = useState(1);
  const list = useMyFundRequests({ page, pageSize: PAGE_SIZE });
  const columns: ReportColumn<FundRequestRecord>[] = [
    {
      key: 'amount',
      title: t('request.list.amount'),
      align: 'right',
      hideOnCard: true,
      render: (row) => formatRupees(row.amount),
    },
    {
      key: 'paid',
      title: t('request.list.paid'),
      render: (row) => (
        <>
          {modeLabel(row.mode)} · {row.utr}
          <span className="report-table__sub">
            {row.bank.bankName} · {formatDate(row.depositDate)}
          </span>
        </>
      ),
    },
    { key: 'sent', title: t('request.list.sent'), render: (row) => formatDateTime(row.createdAt) },
    {
      key: 'approver',
      title: t('request.list.approver'),
      render: (row) => row.approver?.name ?? 'Khata',
    },
    {
      key: 'state',
      title: t('request.list.status'),
      render: (row) => (
        <>
          <FundStateTag state={row.state} />
          {row.reason && <span className="report-table__sub">{row.reason}</span>}
        </>
      ),
    },
  ];
  return (
    <Card className="admin-card" title={t('request.list.title')}>
      {list.isError && <Alert type="error" showIcon title={list.error.message} />}
      <ReportTable<FundRequestRecord>
        label={t('request.list.label')}
        rows={list.data?.data ?? []}
        rowKey={(row) => row._id}
        columns={columns}
        loading={list.isFetching}
        emptyText={t('request.list.empty')}
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
