import { useTranslation } from 'react-i18next';
import { DHBVN_BILLER_ID } from '@khata/domain';
import { AdminPage } from '../../common/AdminPage';
import { RequireMenuItem } from '../../common/RequireMenuItem';
import { BbpsDesk } from '../BbpsDesk';

/**
 * Issue 27: /admin/dhbvn-bill, the bill payment flow with the biller fixed to Dakshin Haryana
 * Bijli Vitran Nigam, for the shops that mostly pay Haryana's electricity bills.
 */
export function DhbvnBillPage() {
  const { t } = useTranslation('bbps');
  return (
    <RequireMenuItem item="dhbvnBill">
      <AdminPage title={t('pages.dhbvn.title')} intro={t('pages.dhbvn.intro')}>
        <BbpsDesk billerId={DHBVN_BILLER_ID} />
      </AdminPage>
    </RequireMenuItem>
  );
}
