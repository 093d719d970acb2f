import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Button, Modal, Skeleton } from 'antd';
import { useAdminUser } from '../session/adminUser';
import { shopOf, type ReceiptCopy, type ReceiptShop } from '../transactions/receipt';
import {
  ReceiptCopySwitch,
  ReceiptPaperSwitch,
  ROLL_MARGIN_MM,
  usePrint,
  useRollLength,
  type ReceiptPaper,
} from '../transactions/ReceiptModal';
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
 * An AEPS receipt in a dialog, printed as the transaction receipts are (ReceiptModal.tsx): the
 * customer's copy or the shop's, on A4 or a 58 mm thermal roll as long as the receipt, the
 * print popup after 800 ms with only the chosen copy on the page.
 */
export function AepsReceiptModal({ transaction, shop, onClose }: AepsReceiptModalProps) {
  return (
    <Modal
      open={transaction !== undefined}
      title="Receipt"
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
  const printing = usePrint();
  const [copy, setCopy] = useState<ReceiptCopy>('customer');
  const [paper, setPaper] = useState<ReceiptPaper>('a4');
  const thermal = useRollLength(
    printing.active && paper === 'thermal' ? `${copy}:${transaction.dataUpdatedAt}` : undefined,
  );
  const { profile } = useAdminUser();
  const shop = given ?? shopOf(profile);

  if (transaction.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (transaction.isError) return <Alert type="error" showIcon title={transaction.error.message} />;
  return (
    <>
      <ReceiptCopySwitch copy={copy} onChange={setCopy} />
      <AepsReceipt transaction={transaction.data} copy={copy} shop={shop} />
      <ReceiptPaperSwitch paper={paper} onChange={setPaper} />
      <div className="receipt__actions">
        <Button onClick={onClose}>Close</Button>
        <Button type="primary" loading={printing.waiting} onClick={printing.start}>
          Print
        </Button>
      </div>
      {printing.active &&
        createPortal(
          <div ref={thermal.ref} className={`receipt-print-copy receipt-print-copy--${paper}`}>
            {paper === 'thermal' && thermal.lengthMm !== undefined && (
              <style>{`@page { size: 58mm ${thermal.lengthMm}mm; margin: ${ROLL_MARGIN_MM}mm; }`}</style>
            )}
            <AepsReceipt transaction={transaction.data} copy={copy} shop={shop} />
          </div>,
          document.body,
        )}
    </>
  );
}
