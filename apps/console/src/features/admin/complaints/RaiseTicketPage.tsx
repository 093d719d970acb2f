import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Input, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  checkComplaintSubject,
  checkComplaintText,
  COMPLAINT_SUBJECT_MAX,
  COMPLAINT_TEXT_MAX,
} from '@khata/domain';
import { AppPath } from '../../../app/paths';
import { AdminPage } from '../common/AdminPage';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useSession } from '../../auth';
import { useTransaction } from '../transactions/api';
import { statusLabel } from '../transactions/labels';
import { FocusedResult } from '../../../ui/FocusedResult';
import { localizeMessage } from '../../../i18n/messages';
import { useRaiseComplaint } from './api';
import { raisedState } from './raised';
import { BbpsServiceComplaintForm } from './bbps';
import './complaints.css';

/** The query parameter a receipt's "Raise a complaint" fills with the transaction's id. */
export const TRANSACTION_PARAM = 'transaction';

/**
 * Issue 14, Customer Support (/admin/raiseTicket): a general complaint, or one about a
 * transaction of the user's own (opened from its receipt; the API checks it is theirs).
 */
export function RaiseTicketPage() {
  return (
    <RequireMenuItem item="customerSupport">
      <RaiseTicket />
    </RequireMenuItem>
  );
}

function RaiseTicket() {
  const { t } = useTranslation('complaints');
  const [params] = useSearchParams();
  const transactionId = params.get(TRANSACTION_PARAM) ?? undefined;
  const navigate = useNavigate();
  const raise = useRaiseComplaint();
  const [subject, setSubject] = useState(() =>
    transactionId ? t('raise.transactionSubject') : '',
  );
  const [text, setText] = useState('');
  // A new object each refusal: the same words again take the focus again (issue 30).
  const [refusal, setRefusal] = useState<{ text: string }>();
  // Shops that pay bills may also complain to Bharat BillPay about an agent or a biller.
  const paysBills = useSession().profile?.services.includes('bbps') ?? false;

  const submit = () => {
    const checks = [checkComplaintSubject(subject), checkComplaintText(text)];
    const failed = checks.find((check) => !check.ok);
    if (failed && !failed.ok) {
      setRefusal({ text: localizeMessage(failed.message) });
      return;
    }
    setRefusal(undefined);
    raise.mutate(
      { subject, text, transactionId: transactionId ?? null },
      {
        // My Complaints opens it, and says the answer there with the focus (issue 30).
        onSuccess: (answer) =>
          void navigate(`${AppPath.myComplaints}?id=${answer.complaint.id}`, {
            state: raisedState(answer.message),
          }),
      },
    );
  };

  return (
    <AdminPage title={t('raise.title')} intro={t('raise.intro')}>
      <Card className="admin-card" title={t('raise.cardTitle')}>
        <form
          className="raise-ticket__form"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {transactionId && <TransactionFacts id={transactionId} />}
          <label className="complaint__field">
            <span>{t('raise.subject')}</span>
            <Input
              value={subject}
              maxLength={COMPLAINT_SUBJECT_MAX}
              onChange={(event) => setSubject(event.target.value)}
            />
          </label>
          <label className="complaint__field">
            <span>{t('raise.whatHappened')}</span>
            <Input.TextArea
              value={text}
              maxLength={COMPLAINT_TEXT_MAX}
              showCount
              autoSize={{ minRows: 4, maxRows: 10 }}
              onChange={(event) => setText(event.target.value)}
            />
          </label>
          {refusal && (
            <FocusedResult result={refusal}>
              <Alert type="error" showIcon title={refusal.text} />
            </FocusedResult>
          )}
          {raise.isError && (
            <FocusedResult result={raise.error}>
              <Alert type="error" showIcon title={raise.error.message} />
            </FocusedResult>
          )}
          <div className="complaint__actions">
            <Button type="primary" htmlType="submit" loading={raise.isPending}>
              {t('raise.submit')}
            </Button>
            <Button onClick={() => void navigate(AppPath.myComplaints)}>
              {t('raise.myComplaints')}
            </Button>
          </div>
        </form>
      </Card>
      {paysBills && (
        <Card className="admin-card" title={t('raise.bbpsCard')}>
          <BbpsServiceComplaintForm />
        </Card>
      )}
    </AdminPage>
  );
}

function TransactionFacts({ id }: { id: string }) {
  const { t } = useTranslation('complaints');
  const transaction = useTransaction(id);
  if (transaction.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (transaction.isError) return <Alert type="error" showIcon title={transaction.error.message} />;
  const record = transaction.data;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      title={t('raise.transaction.title')}
      data-testid="raise-ticket-transaction"
    >
      <Descriptions.Item label={t('raise.transaction.order')}>
        {record.payload.orderID}
      </Descriptions.Item>
      <Descriptions.Item label={t('raise.transaction.amount')}>
        {formatRupees(record.amount.amount)}
      </Descriptions.Item>
      <Descriptions.Item label={t('raise.transaction.status')}>
        {statusLabel(record.status)}
      </Descriptions.Item>
      <Descriptions.Item label={t('raise.transaction.date')}>
        {formatDateTime(record.createdAt)}
      </Descriptions.Item>
    </Descriptions>
  );
}
