import { useState } from 'react';
import { Alert, App, Button, Card, Form, Skeleton, Table, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  checkDayAgo,
  checkOptionalUser,
  DAY_BOOK_MAX_DAYS_AGO,
  type DayBookTotal,
  type StatementLine,
} from '@khata/domain';
import { AppPath } from '../../../app/paths';
import { currentLanguage } from '../../../i18n/i18n';
import { formatCount } from '../../../i18n/format';
import { INTL_LOCALES } from '../../../i18n/languages';
import { AdminPage } from '../common/AdminPage';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { narrationOf, STATEMENT_AMOUNT_COLUMNS } from '../ledger/statementColumns';
import { UserPicker } from '../ledger/UserPicker';
import { useAdminUser } from '../session/adminUser';
import { downloadDayBookCsv, useDayBook } from './api';
import './monthly-stats.css';

const columns = (t: TFunction<'monthly-stats'>): ReportColumn<StatementLine>[] => [
  { key: 'at', title: t('dayBook.lines.time'), render: (line) => formatDateTime(line.at) },
  // Issue 23: the transaction's order id, as the receipt and the Ledger Report print it.
  { key: 'reference', title: t('dayBook.lines.reference'), render: (line) => line.orderID },
  {
    key: 'description',
    title: t('dayBook.lines.description'),
    hideOnCard: true,
    render: narrationOf,
  },
  ...STATEMENT_AMOUNT_COLUMNS,
];

/** "Friday, 27 November 2026" (or in Hindi) for the book's India day (`YYYY-MM-DD`). */
function longDay(day: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[currentLanguage()], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
    numberingSystem: 'latn',
  }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * `/admin/myAccount/:dayAgo` (issue 14): the day book of one India day, N days ago (0 is
 * today), for the signed-in user's wallet. Whoever sees other users (admins and staff anyone,
 * a distributor its downline: the server decides) picks one on the page; the choice is kept
 * in the address (`?userId=`), so a reload or a print keeps it. Printable.
 */
export function DayBookPage() {
  const { t } = useTranslation('monthly-stats');
  const { dayAgo: raw } = useParams();
  const [params, setParams] = useSearchParams();
  const { menu } = useAdminUser();
  // As the Ledger Report: whoever may list users (All Users) may pick whose day book to read.
  const picks = menu.some((entry) => entry.key === 'allUsers');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [downloading, setDownloading] = useState(false);
  const dayAgo = checkDayAgo(raw);
  const user = checkOptionalUser(params.get('userId'));
  const valid = dayAgo.ok && user.ok;
  const book = useDayBook(
    { dayAgo: dayAgo.ok ? dayAgo.value : 0, ...(user.ok && user.value && { userId: user.value }) },
    valid,
  );
  const go = (days: number) =>
    void navigate({
      pathname: generatePath(AppPath.dayBook, { dayAgo: String(days) }),
      search: params.toString(),
    });

  if (!dayAgo.ok || !user.ok) {
    return (
      <AdminPage title={t('dayBook.title')}>
        <Alert
          type="error"
          showIcon
          title={dayAgo.ok ? (user.ok ? '' : user.message) : dayAgo.message}
          description={
            <Link to={generatePath(AppPath.dayBook, { dayAgo: '0' })}>
              {t('dayBook.openToday')}
            </Link>
          }
        />
      </AdminPage>
    );
  }
  const data = book.data;
  const days = dayAgo.value;
  const download = async () => {
    if (!data) return;
    setDownloading(true);
    try {
      await downloadDayBookCsv(
        { dayAgo: days, ...(user.value && { userId: user.value }) },
        `day-book-${data.user.mobile}-${data.day}.csv`,
      );
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setDownloading(false);
    }
  };
  const pick = (userId: string | undefined) => {
    const next = new URLSearchParams(params);
    if (userId) next.set('userId', userId);
    else next.delete('userId');
    setParams(next);
  };
  return (
    <AdminPage
      title={t('dayBook.title')}
      intro={
        data
          ? `${data.user.name} (${data.user.mobile}) · ${longDay(data.day)}`
          : t('dayBook.introEmpty')
      }
      actions={
        <div className="day-book__actions">
          <Button disabled={days >= DAY_BOOK_MAX_DAYS_AGO} onClick={() => go(days + 1)}>
            {t('dayBook.previousDay')}
          </Button>
          <Button disabled={days === 0} onClick={() => go(days - 1)}>
            {t('dayBook.nextDay')}
          </Button>
          <Button onClick={() => void download()} loading={downloading} disabled={!data}>
            {t('dayBook.downloadCsv')}
          </Button>
          <Button type="primary" onClick={() => window.print()} disabled={!data}>
            {t('dayBook.print')}
          </Button>
        </div>
      }
    >
      {picks && (
        <Form
          layout="vertical"
          className="admin-filters day-book__picker"
          aria-label={t('dayBook.picker.label')}
        >
          <Form.Item label={t('dayBook.picker.user')} htmlFor="day-book-user">
            <UserPicker
              id="day-book-user"
              placeholder={t('dayBook.picker.placeholder')}
              value={user.value ?? undefined}
              owner={data?.user}
              onChange={pick}
            />
          </Form.Item>
        </Form>
      )}
      {book.isError && <Alert type="error" showIcon title={book.error.message} />}
      {!data ? (
        book.isPending && <Skeleton active />
      ) : (
        <>
          <Card className="admin-card">
            <div className="admin-grid admin-grid--stats admin-grid--4">
              <div>
                <p className="admin-stat__label">{t('dayBook.opening')}</p>
                <p className="admin-stat__value" data-testid="day-book-opening">
                  {formatRupees(data.openingBalance)}
                </p>
              </div>
              <div>
                <p className="admin-stat__label">{t('dayBook.moneyIn')}</p>
                <p className="admin-stat__value admin-amount--credit">
                  {formatRupees(data.totalCredit)}
                </p>
              </div>
              <div>
                <p className="admin-stat__label">{t('dayBook.moneyOut')}</p>
                <p className="admin-stat__value admin-amount--debit">
                  {formatRupees(data.totalDebit)}
                </p>
              </div>
              <div>
                <p className="admin-stat__label">{t('dayBook.closing')}</p>
                <p className="admin-stat__value" data-testid="day-book-closing">
                  {formatRupees(data.closingBalance)}
                </p>
              </div>
            </div>
          </Card>
          <Card className="admin-card" title={t('dayBook.totals.title')}>
            <Table<DayBookTotal>
              size="small"
              rowKey="service"
              pagination={false}
              dataSource={data.totals}
              locale={{ emptyText: t('dayBook.totals.empty') }}
              columns={[
                { title: t('dayBook.totals.service'), dataIndex: 'label' },
                {
                  title: t('dayBook.totals.entries'),
                  dataIndex: 'count',
                  align: 'right',
                  render: (value: number) => formatCount(value),
                },
                {
                  title: t('dayBook.moneyIn'),
                  dataIndex: 'credit',
                  align: 'right',
                  render: (value: number) => formatRupees(value),
                },
                {
                  title: t('dayBook.moneyOut'),
                  dataIndex: 'debit',
                  align: 'right',
                  render: (value: number) => formatRupees(value),
                },
              ]}
            />
          </Card>
          <Card className="admin-card" title={t('dayBook.lines.title')}>
            <ReportTable<StatementLine>
              label={t('dayBook.lines.label')}
              rowKey={(line) => `${line.orderID}-${line.kind}-${line.at}-${line.balanceAfter}`}
              columns={columns(t)}
              rows={data.lines}
              loading={false}
              emptyText={t('dayBook.lines.empty')}
              cardTitle={narrationOf}
            />
          </Card>
          <Typography.Paragraph className="admin-stat__note day-book__check">
            {t('dayBook.check', {
              opening: formatRupees(data.openingBalance),
              credit: formatRupees(data.totalCredit),
              debit: formatRupees(data.totalDebit),
              closing: formatRupees(data.closingBalance),
            })}
          </Typography.Paragraph>
        </>
      )}
    </AdminPage>
  );
}
