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
  return (
    <RequireMenuItem item="ccBillsPayment">
      <AdminPage
        title="Credit Card Bill"
        intro="Pay a customer’s credit card bill: the card’s bank, the last 4 digits of the card and the registered mobile."
      >
        <BbpsDesk category={CREDIT_CARD_CATEGORY} billerLabel="Card’s bank" />
      </AdminPage>
    </RequireMenuItem>
  );
}
