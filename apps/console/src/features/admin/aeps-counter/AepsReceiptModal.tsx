import { Alert, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminUser } from '../session/adminUser';
import { shopOf, type ReceiptShop } from '../transactions/receipt';
import { ReceiptFrame } from '../transactions/ReceiptFrame';
import { useAepsTransaction, type AepsTransaction } from './api';
import { AepsReceipt } from './AepsReceipt';

export interface AepsReceiptModalProps {
  /** The transaction to show (the modal is open while there is one): read again from the API. */
  transaction: AepsTransaction | undefined;
  /** The shop heading the receipt when it is another's (a report of others). */
  shop?: ReceiptShop;
  onClose: () => void;
}

/**
 * An AEPS receipt in a dialog, printed as the transaction receipts are (ReceiptFrame.tsx): the
 * customer's copy or the shop's, on A4 or a 58 mm thermal roll as long as the receipt, the
 * print popup after 800 ms with only the chosen copy on the page.
 */
export function AepsReceiptModal({ transaction, shop, onClose }: AepsReceiptModalProps) {
  const { t } = useTranslation('aeps-counter');
  return (
    <Modal
      open={transaction !== undefined}
      title={t('receipt.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={null}
      width={480}
    >
      {transaction && <ReceiptBody known={transaction} shop={shop} onClose={onClose} />}
    </Modal>
  );
}

function ReceiptBody({
  known,
  shop: given,
  onClose,
}: {
  known: AepsTransaction;
  shop?: ReceiptShop;
  onClose: () => void;
}) {
  const transaction = useAepsTransaction(known.id, known);
  const { profile } = useAdminUser();
  const shop = given ?? shopOf(profile);

  if (transaction.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (transaction.isError) return <Alert type="error" showIcon title={transaction.error.message} />;
  return (
    <ReceiptFrame
      version={transaction.dataUpdatedAt}
      onClose={onClose}
      render={(copy) => <AepsReceipt transaction={transaction.data} copy={copy} shop={shop} />}
    />
  );
}
