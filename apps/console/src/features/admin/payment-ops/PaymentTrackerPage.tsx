import { useState } from 'react';
import { Alert, App, Button, Card, Input, Skeleton, Tag, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPayoutKind, type TransactionRecord } from '@khata/domain';
import { Link } from 'react-router-dom';
import { AdminPage } from '../common/AdminPage';
import { formatDateTime } from '../common/dates';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useAdminUser } from '../session/adminUser';
import { useUrlFilter } from '../common/useUrlFilter';
import { Receipt } from '../transactions/Receipt';
import { statusLabel, statusTone } from '../transactions/labels';
import { PgTrackerSection } from '../gateway-loads';
import { useCheckPayoutStatus, usePaymentTracker } from './api';
import './payment-ops.css';

/** Spec §2 `/admin/payment-tracker`: a payment of one's own network by order id or UTR. */
export function PaymentTrackerPage() {
  return (
    <RequireMenuItem item="paymentTracker">
      <PaymentTracker />
    </RequireMenuItem>
  );
}

function PaymentTracker() {
  const { t } = useTranslation('payment-ops');
  // The search lives in the address, so a tracked payment can be reloaded and shared.
  const [filter, setFilter] = useUrlFilter<{ q?: string }>(({ text }) => ({ q: text('q') }));
  const [typed, setTyped] = useState(filter.q ?? '');
  const tracked = usePaymentTracker(filter.q);

  return (
    <AdminPage title={t('tracker.title')} intro={t('tracker.intro')}>
      <Input.Search
        className="payment-tracker__search"
        aria-label={t('tracker.search.label')}
        placeholder={t('tracker.search.placeholder')}
        enterButton={t('tracker.search.button')}
        allowClear
        maxLength={64}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onSearch={(value) => setFilter({ q: value.trim() || undefined })}
        loading={tracked.isFetching}
      />
      {tracked.isError && (
        <Alert
          className="payment-tracker__result"
          type="warning"
          showIcon
          title={tracked.error.message}
        />
      )}
      {tracked.isPending && tracked.fetchStatus === 'fetching' && <Skeleton active />}
      {tracked.data && (
        <div className="payment-tracker__result payment-tracker__grid">
          <Card
            size="small"
            title={t('tracker.happened')}
            extra={
              <Tag color={statusTone(tracked.data.record.status)}>
                {statusLabel(tracked.data.record.status)}
              </Tag>
            }
          >
            <Timeline
              aria-label={t('tracker.timeline')}
              items={tracked.data.timeline.map((event) => ({
                color:
                  event.status === null
                    ? 'gray'
                    : statusTone(event.status) === 'error'
                      ? 'red'
                      : statusTone(event.status) === 'success'
                        ? 'green'
                        : 'blue',
                content: (
                  <>
                    <span className="payment-tracker__when">{formatDateTime(event.at)}</span>
                    <span>{event.text}</span>
                  </>
                ),
              }))}
            />
            <div className="payment-tracker__check">
              <CheckStatusButton record={tracked.data.record} />
              <Link to={tracked.data.verifyPath} target="_blank" rel="noopener">
                <Button size="small">{t('tracker.publicCheck')}</Button>
              </Link>
            </div>
          </Card>
          <Card size="small" title={t('tracker.receipt')}>
            <Receipt record={tracked.data.record} copy="customer" shop={tracked.data.shop} />
          </Card>
        </div>
      )}
      <PgTrackerSection />
    </AdminPage>
  );
}

/** A payment the bank may still change: still out, or paid (a late return can come back). */
const CHECKABLE = new Set<string>(['queued', 'processing', 'processed']);

/**
 * Issue 23: an admin asks the bank about a payout now (a status enquiry, never a send). A paid
 * one may have been returned since; what the bank says is applied once and the tracker reread.
 */
function CheckStatusButton({ record }: { record: TransactionRecord }) {
  const { t } = useTranslation('payment-ops');
  const { kind } = useAdminUser();
  const { message } = App.useApp();
  const check = useCheckPayoutStatus();
  const payout = isPayoutKind(record.type);
  if (kind !== 'admin' || !payout || !CHECKABLE.has(record.status)) return null;
  return (
    <Button
      size="small"
      loading={check.isPending}
      onClick={() =>
        check.mutate(record._id, {
          onSuccess: (answer) => void message.info(answer.message),
          onError: (error) => void message.error(error.message),
        })
      }
    >
      {t('action.checkStatus')}
    </Button>
  );
}
