import { useTranslation } from 'react-i18next';
import { PgLoadScreen } from './PgLoadScreen';

/** Issue 28: /admin/pay10Payments, a wallet load through Pay10 (UPI, card, net banking). */
export function Pay10PaymentsPage() {
  const { t } = useTranslation('gateway-loads');
  return (
    <PgLoadScreen
      gateway="pay10"
      title={t('pages.pay10.title')}
      intro={t('pages.pay10.intro')}
      historyTitle={t('pages.pay10.history')}
    />
  );
}

/** Issue 28: /admin/finkeda, a card-funded wallet load through Finkeda. */
export function FinkedaPage() {
  const { t } = useTranslation('gateway-loads');
  return (
    <PgLoadScreen
      gateway="finkeda"
      title={t('pages.finkeda.title')}
      intro={t('pages.finkeda.intro')}
      historyTitle={t('pages.finkeda.history')}
    />
  );
}

/** Issue 28: /admin/paycelHistory, Paycel's loads and their history. */
export function PaycelHistoryPage() {
  const { t } = useTranslation('gateway-loads');
  return (
    <PgLoadScreen
      gateway="paycel"
      title={t('pages.paycel.title')}
      intro={t('pages.paycel.intro')}
      historyTitle={t('pages.paycel.history')}
    />
  );
}
