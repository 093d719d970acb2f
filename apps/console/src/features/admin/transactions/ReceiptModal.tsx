import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Button, Modal, Skeleton } from 'antd';
import { PRINT_POPUP_DELAY_MS } from '@khata/domain';
import { useTransaction, type TransactionRecord } from './api';
import { Receipt } from './Receipt';

export interface ReceiptModalProps {
  /** The transaction to show; the modal is open while there is one. */
  id: string | undefined;
  /** The record the screen already holds (e.g. the payout answer): shown at once. */
  known?: TransactionRecord;
  onClose: () => void;
}

/**
 * The receipt in a dialog, kept current by the API and live updates. Print opens the browser's
 * print popup after 800 ms (spec §2, §9), with only the receipt on the page.
 */
export function ReceiptModal({ id, known, onClose }: ReceiptModalProps) {
  return (
    <Modal
      open={id !== undefined}
      title="Receipt"
      onCancel={onClose}
      destroyOnHidden
      footer={null}
      width={480}
    >
      {id !== undefined && <ReceiptBody id={id} known={known} onClose={onClose} />}
    </Modal>
  );
}

interface ReceiptBodyProps {
  id: string;
  known?: TransactionRecord;
  onClose: () => void;
}

function ReceiptBody({ id, known, onClose }: ReceiptBodyProps) {
  const transaction = useTransaction(id, known?._id === id ? known : undefined);
  const printing = usePrint();

  if (transaction.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (transaction.isError) {
    return <Alert type="error" showIcon title={transaction.error.message} />;
  }
  return (
    <>
      <Receipt record={transaction.data} />
      <div className="receipt__actions">
        <Button onClick={onClose}>Close</Button>
        <Button type="primary" loading={printing.waiting} onClick={printing.start}>
          Print
        </Button>
      </div>
      {printing.active &&
        createPortal(
          <div className="receipt-print-copy">
            <Receipt record={transaction.data} />
          </div>,
          document.body,
        )}
    </>
  );
}

/**
 * Print: a print copy of the receipt joins the page, then the popup opens after 800 ms. The
 * copy leaves after printing ('afterprint'); each click asks again, even if a browser never
 * said the last print ended.
 */
function usePrint() {
  const [request, setRequest] = useState(0);
  const [active, setActive] = useState(false);
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    if (request === 0) return undefined;
    const timer = window.setTimeout(() => {
      setWaiting(false);
      window.print();
    }, PRINT_POPUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [request]);

  useEffect(() => {
    if (!active) return undefined;
    const root = document.documentElement;
    root.classList.add('receipt-printing');
    const done = () => setActive(false);
    window.addEventListener('afterprint', done);
    return () => {
      window.removeEventListener('afterprint', done);
      root.classList.remove('receipt-printing');
    };
  }, [active]);

  return {
    active,
    waiting,
    start: () => {
      setActive(true);
      setWaiting(true);
      setRequest((count) => count + 1);
    },
  };
}
