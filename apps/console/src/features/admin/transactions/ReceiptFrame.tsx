import { useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReceiptCopy } from './receipt';
import {
  ReceiptCopySwitch,
  ReceiptPaperSwitch,
  ROLL_MARGIN_MM,
  usePrint,
  useRollLength,
  type ReceiptPaper,
} from './ReceiptModal';

export interface ReceiptFrameProps {
  /** The receipt of the chosen copy (shown, and printed alone on the page). */
  render: (copy: ReceiptCopy) => ReactNode;
  /** Changes when the data changes (the query's `dataUpdatedAt`): the roll is measured again. */
  version: number;
  /** Buttons between Close and Print (a complaint, for instance). */
  actions?: ReactNode;
  onClose: () => void;
}

/**
 * A rail's receipt in a dialog's body, printed as the transaction receipts are (ReceiptModal):
 * the customer's copy or the shop's, on A4 or a 58 mm thermal roll as long as the receipt, the
 * print popup after 800 ms with only the chosen copy on the page. Shared by the rails' own
 * receipts (AEPS, BBPS), so each draws only its receipt.
 */
export function ReceiptFrame({ render, version, actions, onClose }: ReceiptFrameProps) {
  const { t } = useTranslation('transactions');
  const printing = usePrint();
  const [copy, setCopy] = useState<ReceiptCopy>('customer');
  const [paper, setPaper] = useState<ReceiptPaper>('a4');
  const thermal = useRollLength(
    printing.active && paper === 'thermal' ? `${copy}:${version}` : undefined,
  );
  return (
    <>
      <ReceiptCopySwitch copy={copy} onChange={setCopy} />
      {render(copy)}
      <ReceiptPaperSwitch paper={paper} onChange={setPaper} />
      <div className="receipt__actions">
        <Button onClick={onClose}>{t('receipt.close')}</Button>
        {actions}
        <Button type="primary" loading={printing.waiting} onClick={printing.start}>
          {t('receipt.print')}
        </Button>
      </div>
      {printing.active &&
        createPortal(
          <div ref={thermal.ref} className={`receipt-print-copy receipt-print-copy--${paper}`}>
            {paper === 'thermal' && thermal.lengthMm !== undefined && (
              <style>{`@page { size: 58mm ${thermal.lengthMm}mm; margin: ${ROLL_MARGIN_MM}mm; }`}</style>
            )}
            {render(copy)}
          </div>,
          document.body,
        )}
    </>
  );
}
