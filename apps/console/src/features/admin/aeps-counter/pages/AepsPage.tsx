import { useState } from 'react';
import { Alert, Card, Radio, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { AEPS_KINDS, type AepsKind } from '@khata/domain';
import { AppPath } from '../../../../app/paths';
import { ButtonLink } from '../../../../ui/ButtonLink';
import { AdminPage } from '../../common/AdminPage';
import { RequireMenuItem } from '../../common/RequireMenuItem';
import { formatRupees } from '../../common/money';
import { useAdminUser } from '../../session/adminUser';
import { useAepsStatus, type AepsStatus, type AepsTransaction } from '../api';
import { AepsResult } from '../AepsResult';
import { DailyAuthBanner, RegisterCard } from '../AgentSetup';
import { CounterForm } from '../CounterForm';
import { useAepsKind } from '../labels';
import '../aeps.css';

/**
 * Issue 26: /admin/aeps, the counter. A walk-in customer's finger on the shop's scanner, an
 * Aadhaar number and a bank: cash withdrawal, balance enquiry, mini statement or Aadhaar Pay.
 * What the screen shows follows `GET /api/aeps/status`: registration first, then today's
 * authentication before money moves, then the four transactions; the AEPS balance on top.
 */
export function AepsPage() {
  const { t } = useTranslation('aeps-counter');
  return (
    <RequireMenuItem item="aeps">
      <AdminPage title={t('page.title')} intro={t('page.intro')}>
        <AepsCounter />
      </AdminPage>
    </RequireMenuItem>
  );
}

function AepsCounter() {
  const status = useAepsStatus();
  if (status.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (status.isError) return <Alert type="error" showIcon title={status.error.message} />;
  return (
    <div className="aeps-counter">
      <AepsBalance status={status.data} />
      {!status.data.registered ? (
        <RegisterCard />
      ) : (
        <>
          {!status.data.dailyAuthToday && <DailyAuthBanner />}
          <Counter status={status.data} />
        </>
      )}
    </div>
  );
}

/** The AEPS balance (what withdrawals credited), and where it is settled or moved. */
function AepsBalance({ status }: { status: AepsStatus }) {
  const { t } = useTranslation('aeps-counter');
  const { menu } = useAdminUser();
  // By its path: the settlement's menu key is also a payout kind, read only through libs/domain.
  const canSettle = menu.some((item) => item.path === AppPath.aepsSettlement);
  return (
    <Card className="admin-card aeps-balance" size="small">
      <p className="aeps-balance__figure">
        <span>{t('page.balance')}</span>
        <strong data-testid="aeps-balance">{formatRupees(status.aepsBalance)}</strong>
      </p>
      {canSettle && <ButtonLink to={AppPath.aepsSettlement}>{t('page.settle')}</ButtonLink>}
    </Card>
  );
}

/**
 * The four transactions as a row of buttons (two by two on a phone), the chosen one's form
 * below; the last answer beside the form on a wide screen, below it on a phone (scrolled to).
 * Buttons rather than antd Tabs: Tabs fold labels that do not fit into a "…" menu, and the four
 * did not fit on a phone nor in the form's half of a desktop.
 */
function Counter({ status }: { status: AepsStatus }) {
  const { t } = useTranslation('aeps-counter');
  const kindLabel = useAepsKind();
  const [kind, setKind] = useState<AepsKind>(status.dailyAuthToday ? 'withdrawal' : 'balance');
  const [answer, setAnswer] = useState<AepsTransaction>();
  return (
    <div className="aeps-layout">
      <Card className="admin-card aeps-form">
        <Radio.Group
          className="aeps-kinds"
          aria-label={t('page.transaction')}
          optionType="button"
          buttonStyle="solid"
          value={kind}
          onChange={(event) => setKind(event.target.value as AepsKind)}
          // Cash withdrawal and Aadhaar Pay still open before today's authentication: their
          // form is disabled and says why, which a greyed-out button could not.
          options={AEPS_KINDS.map((each) => ({ value: each, label: kindLabel(each) }))}
        />
        <section aria-label={kindLabel(kind)} className="aeps-form__body">
          <CounterForm key={kind} kind={kind} status={status} onAnswer={setAnswer} />
        </section>
      </Card>
      {answer && <AepsResult key={answer.id} known={answer} onDone={() => setAnswer(undefined)} />}
    </div>
  );
}
