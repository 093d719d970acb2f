import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../i18n/format';
import { AdminPage } from '../../common/AdminPage';
import { RequireMenuItem } from '../../common/RequireMenuItem';
import {
  DEFAULT_DMT_LIMITS,
  DEFAULT_PPI_LIMITS,
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

/** Each product's page texts, by their keys in `dmt`. */
const TITLE_KEYS = {
  dmt: 'page.dmt.title',
  ppi: 'page.ppi.title',
} as const satisfies Record<TransferProduct, string>;
/** What the page is for, to whoever sends. */
const ACTS_KEYS = {
  dmt: 'page.dmt.acts',
  ppi: 'page.ppi.acts',
} as const satisfies Record<TransferProduct, string>;
/** What the page is for, to whoever only reads the transfers. */
const READS_KEYS = {
  dmt: 'page.dmt.reads',
  ppi: 'page.ppi.reads',
} as const satisfies Record<TransferProduct, string>;

const LIMITS = { dmt: DEFAULT_DMT_LIMITS, ppi: DEFAULT_PPI_LIMITS } as const;

function MoneyTransfer({ product }: { product: TransferProduct }) {
  const { services, kind } = useAdminUser();
  const acts = mayActInProduct(product, services);
  const { t } = useTranslation('dmt');
  const limits = LIMITS[product];
  const intro = acts
    ? t(ACTS_KEYS[product], {
        perTransaction: formatMoney(limits.perTransaction),
        perMonth: formatMoney(limits.perMonth),
      })
    : t(READS_KEYS[product]);
  return (
    <AdminPage title={t(TITLE_KEYS[product])} intro={intro}>
      {acts && <SendMoney />}
      <DmtTransfersReport acts={acts} canCheck={kind === 'admin'} showShop={!acts} />
    </AdminPage>
  );
}
