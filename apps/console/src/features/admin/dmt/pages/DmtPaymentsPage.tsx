import { AdminPage } from '../../common/AdminPage';
import { RequireMenuItem } from '../../common/RequireMenuItem';
import {
  DEFAULT_DMT_LIMITS,
  DEFAULT_PPI_LIMITS,
  formatPaise,
  mayActInProduct,
  type TransferProduct,
} from '@khata/domain';
import { useAdminUser } from '../../session/adminUser';
import { DmtTransfersReport } from '../components/DmtTransfersReport';
import { SendMoney } from '../components/SendMoney';
import { TransferProductContext } from '../product';
import '../../remitters/dmt.css';

/**
 * Issue 25: /admin/dmtPayments. Whoever holds the dmt service (a retailer) sends money for a
 * walk-in customer; everyone the menu gives it reads the DMT transfers they may see.
 */
export function DmtPaymentsPage() {
  return (
    <RequireMenuItem item="dmtPayments">
      <TransferProductContext value="dmt">
        <MoneyTransfer product="dmt" />
      </TransferProductContext>
    </RequireMenuItem>
  );
}

/**
 * Issue 25: /admin/ppi-money-transfer. The same screen for a customer's full-KYC prepaid wallet
 * (the `ppi` service): the sender's wallet tier and the provider's monthly limit are shown.
 */
export function PpiMoneyTransferPage() {
  return (
    <RequireMenuItem item="ppiMoneyTransfer">
      <TransferProductContext value="ppi">
        <MoneyTransfer product="ppi" />
      </TransferProductContext>
    </RequireMenuItem>
  );
}

const TEXT: Record<TransferProduct, { title: string; acts: string; reads: string }> = {
  dmt: {
    title: 'Money Transfer',
    acts: `Send a walk-in customer’s cash to a bank account: at most ${formatPaise(DEFAULT_DMT_LIMITS.perTransaction)} a transfer and ${formatPaise(DEFAULT_DMT_LIMITS.perMonth)} a month for each customer, each transfer confirmed with their OTP and your PIN.`,
    reads:
      'The DMT transfers of the shops you can see, and the ones waiting for the bank or a refund.',
  },
  ppi: {
    title: 'PPI Money Transfer',
    acts: `Send money for a customer with a full-KYC prepaid wallet: at most ${formatPaise(DEFAULT_PPI_LIMITS.perTransaction)} a transfer, within the monthly limit the wallet’s provider allows the customer, each transfer confirmed with their OTP and your PIN.`,
    reads:
      'The PPI transfers of the shops you can see, and the ones waiting for the bank or a refund.',
  },
};

function MoneyTransfer({ product }: { product: TransferProduct }) {
  const { services, kind } = useAdminUser();
  const acts = mayActInProduct(product, services);
  const text = TEXT[product];
  return (
    <AdminPage title={text.title} intro={acts ? text.acts : text.reads}>
      {acts && <SendMoney />}
      <DmtTransfersReport acts={acts} canCheck={kind === 'admin'} showShop={!acts} />
    </AdminPage>
  );
}
