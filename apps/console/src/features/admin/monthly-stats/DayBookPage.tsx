import { useState } from 'react';
import { Alert, App, Button, Card, Form, Skeleton, Table, Typography } from 'antd';
import { generatePath, Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  checkDayAgo,
  checkOptionalUser,
  DAY_BOOK_MAX_DAYS_AGO,
  type DayBookTotal,
  type StatementLine,
} from '@khata/domain';
import { AppPath } from '../../../app/paths';
import { AdminPage } from '../common/AdminPage';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { narrationOf, STATEMENT_AMOUNT_COLUMNS } from '../ledger/statementColumns';
import { UserPicker } from '../ledger/UserPicker';
import { useAdminUser } from '../session/adminUser';
import { downloadDayBookCsv, useDayBook } from './api';
import './monthly-stats.css';

const columns: ReportColumn<StatementLine>[] = [
  { key: 'at', title: 'Time', render: (line) => formatDateTime(line.at) },
  // Issue 23: the transaction's order id, as the receipt and the Ledger Report print it.
  { key: 'reference', title: 'Reference', render: (line) => line.orderID },
  { key: 'description', title: 'Description', hideOnCard: true, render: narrationOf },
  ...STATEMENT_AMOUNT_COLUMNS,
];

/**
 * `/admin/myAccount/:dayAgo` (issue 14): the day book of one India day, N days ago (0 is
 * today), for the signed-in user's wallet. Whoever sees other users (admins and staff anyone,
 * a distributor its downline: the server decides) picks one on the page; the choice is kept
 * in the address (`?userId=`), so a reload or a print keeps it. Printable.
 */
export function DayBookPage() {
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
      <AdminPage title="Day Book">
        <Alert
          type="error"
          showIcon
          title={dayAgo.ok ? (user.ok ? '' : user.message) : dayAgo.message}
          description={
            <Link to={generatePath(AppPath.dayBook, { dayAgo: '0' })}>Open today’s day book</Link>
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
      title="Day Book"
      intro={
        data
          ? `${data.user.name} (${data.user.mobile}) · ${new Date(`${data.day}T00:00:00Z`).toLocaleDateString('en-IN', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`
          : 'One day of your wallet: opening balance, every movement, closing balance.'
      }
      actions={
        <div className="day-book__actions">
          <Button disabled={days >= DAY_BOOK_MAX_DAYS_AGO} onClick={() => go(days + 1)}>
            Previous day
          </Button>
          <Button disabled={days === 0} onClick={() => go(days - 1)}>
            Next day
          </Button>
          <Button onClick={() => void download()} loading={downloading} disabled={!data}>
            Download CSV
          </Button>
          <Button type="primary" onClick={() => window.print()} disabled={!data}>
            Print
          </Button>
        </div>
      }
    >
      {picks && (
        <Form
          layout="vertical"
          className="admin-filters day-book__picker"
          aria-label="Whose day book"
        >
          <Form.Item label="User" htmlFor="day-book-user">
            <UserPicker
              id="day-book-user"
              placeholder="My own day book: search a name or mobile"
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
                <p className="admin-stat__label">Opening balance</p>
                <p className="admin-stat__value" data-testid="day-book-opening">
                  {formatRupees(data.openingBalance)}
                </p>
              </div>
              <div>
                <p className="admin-stat__label">Money in</p>
                <p className="admin-stat__value admin-amount--credit">
                  {formatRupees(data.totalCredit)}
                </p>
              </div>
              <div>
                <p className="admin-stat__label">Money out</p>
                <p className="admin-stat__value admin-amount--debit">
                  {formatRupees(data.totalDebit)}
                </p>
              </div>
              <div>
                <p className="admin-stat__label">Closing balance</p>
                <p className="admin-stat__value" data-testid="day-book-closing">
                  {formatRupees(data.closingBalance)}
                </p>
              </div>
            </div>
          </Card>
          <Card className="admin-card" title="Totals by service">
            <Table<DayBookTotal>
              size="small"
              rowKey="service"
              pagination={false}
              dataSource={data.totals}
              locale={{ emptyText: 'No movements on this day' }}
              columns={[
                { title: 'Service', dataIndex: 'label' },
                { title: 'Entries', dataIndex: 'count', align: 'right' },
                {
                  title: 'Money in',
                  dataIndex: 'credit',
                  align: 'right',
                  render: (value: number) => formatRupees(value),
                },
                {
                  title: 'Money out',
                  dataIndex: 'debit',
                  align: 'right',
                  render: (value: number) => formatRupees(value),
                },
              ]}
            />
          </Card>
          <Card className="admin-card" title="Every movement">
            <ReportTable<StatementLine>
              label="Day book lines"
              rowKey={(line) => `${line.orderID}-${line.kind}-${line.at}-${line.balanceAfter}`}
              columns={columns}
              rows={data.lines}
              loading={false}
              emptyText="No data found"
              cardTitle={narrationOf}
            />
          </Card>
          <Typography.Paragraph className="admin-stat__note day-book__check">
            Opening {formatRupees(data.openingBalance)} + money in {formatRupees(data.totalCredit)}{' '}
            − money out {formatRupees(data.totalDebit)} = closing{' '}
            {formatRupees(data.closingBalance)}. Holds set money aside without moving the balance.
          </Typography.Paragraph>
        </>
      )}
    </AdminPage>
  );
}
