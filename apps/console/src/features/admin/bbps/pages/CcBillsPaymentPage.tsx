import { useTranslation } from 'react-i18next';
import { CREDIT_CARD_CATEGORY } from '@khata/domain';
import { AdminPage } from '../../common/AdminPage';
import { RequireMenuItem } from '../../common/RequireMenuItem';
import { BbpsDesk } from '../BbpsDesk';

/**
 * Issue 27: /admin/CCBillsPayment, a credit card's bill: the card's bank (the billers of the
 * credit card category), the card's last 4 digits and the registered mobile as the bank asks,
 * the bill fetched where the bank gives one, and the amount within the card payment limit.
 */
export function CcBillsPaymentPage() {
  const { t } = useTranslation('bbps');
  return (
    <RequireMenuItem item="ccBillsPayment">
      <AdminPage title={t('pages.creditCard.title')} intro={t('pages.creditCard.intro')}>
        <BbpsDesk
          category={CREDIT_CARD_CATEGORY}
          billerLabel={{
            label: t('pages.creditCard.billerLabel'),
            placeholder: t('pages.creditCard.billerPlaceholder'),
          }}
        />
      </AdminPage>
    </RequireMenuItem>
  );
}
