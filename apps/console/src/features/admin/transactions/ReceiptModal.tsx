import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Modal, Segmented, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRINT_POPUP_DELAY_MS } from '@khata/domain';
import { AppPath } from '../../../app/paths';
import { authKeys } from '../../auth';
import { TRANSACTION_PARAM } from '../complaints';
import { useAdminUser } from '../session/adminUser';
import type { TransactionRecord } from '@khata/domain';
import { useTransaction } from './api';
import { Receipt } from './Receipt';
import { shopOf, type ReceiptCopy, type ReceiptShop } from './receipt';

/** The paper a receipt prints on: an office printer's A4, or a counter's 58 mm thermal roll. */
export type ReceiptPaper = 'a4' | 'thermal';

export interface ReceiptModalProps {
  /** The transaction to show; the modal is open while there is one. */
  id: string | undefined;
  /** The record the screen already holds (e.g. the payout answer): shown at once. */
  known?: TransactionRecord;
  /** The shop heading the receipt when it is not the signed-in user's (a report of others). */
  shop?: ReceiptShop;
  /** Whose receipt it is, when a report of others opens it (their user id). */
  ownerId?: string;
  onClose: () => void;
  /**
   * Once the dialog has gone and given the focus back to where it was: for a screen whose
   * opener is gone (the form that sent the payment) to put it somewhere better.
   */
  afterClose?: () => void;
}

/**
 * The receipt in a dialog, kept current by the API and live updates: the customer's copy
 * first, the shop's one a click away. Print opens the browser's print popup after 800 ms
 * (spec §2, §9), with only the chosen copy on the page. Closing it reloads what the page shows
 * (spec §4): balances, reports and lists are read again.
 */
export function ReceiptModal({ id, known, shop, ownerId, onClose, afterClose }: ReceiptModalProps) {
  const { t } = useTranslation('transactions');
  const queryClient = useQueryClient();
  const close = () => {
    onClose();
    // Everything the screen shows, not who is signed in: a payment does not change the user.
    void queryClient.invalidateQueries({
      refetchType: 'active',
      predicate: (query) => !authKeys.userData.every((part, at) => query.queryKey[at] === part),
    });
  };
  return (
    <Modal
      open={id !== undefined}
      title={t('receipt.title')}
      onCancel={close}
      afterClose={afterClose}
      destroyOnHidden
      footer={null}
      width={480}
    >
      {id !== undefined && (
        <ReceiptBody id={id} known={known} shop={shop} ownerId={ownerId} onClose={close} />
      )}
    </Modal>
  );
}

interface ReceiptBodyProps {
  id: string;
  known?: TransactionRecord;
  shop?: ReceiptShop;
  ownerId?: string;
  onClose: () => void;
}

function ReceiptBody({ id, known, shop: given, ownerId, onClose }: ReceiptBodyProps) {
  const { t } = useTranslation('transactions');
  const transaction = useTransaction(id, known?._id === id ? known : undefined);
  const printing = usePrint();
  const [copy, setCopy] = useState<ReceiptCopy>('customer');
  const [paper, setPaper] = useState<ReceiptPaper>('a4');
  // Measured again when what is printed changes: the other copy, or the record updated live.
  const thermal = useRollLength(
    printing.active && paper === 'thermal' ? `${copy}:${transaction.dataUpdatedAt}` : undefined,
  );
  const { profile, menu } = useAdminUser();
  const own = shopOf(profile);
  const shop = given ?? own;
  const navigate = useNavigate();
  // Issue 14: a complaint about this transaction, for whoever may raise one (not admins), and
  // only on a receipt of their own (a reprint from a downline's report is someone else's).
  const ownReceipt = ownerId === undefined || ownerId === profile._id;
  const canComplain = ownReceipt && menu.some((item) => item.key === 'customerSupport');

  if (transaction.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (transaction.isError) {
    return <Alert type="error" showIcon title={transaction.error.message} />;
  }
  return (
    <>
      <ReceiptCopySwitch copy={copy} onChange={setCopy} />
      <Receipt record={transaction.data} copy={copy} shop={shop} />
      <ReceiptPaperSwitch paper={paper} onChange={setPaper} />
      <div className="receipt__actions">
        <Button onClick={onClose}>{t('receipt.close')}</Button>
        {canComplain && (
          <Button
            onClick={() => {
              onClose();
              void navigate(
                `${AppPath.raiseTicket}?${TRANSACTION_PARAM}=${encodeURIComponent(id)}`,
              );
            }}
          >
            {t('receipt.raiseComplaint')}
          </Button>
        )}
        <Button type="primary" loading={printing.waiting} onClick={printing.start}>
          {t('receipt.print')}
        </Button>
      </div>
      {printing.active &&
        createPortal(
          <div ref={thermal.ref} className={`receipt-print-copy receipt-print-copy--${paper}`}>
            {/* Issue 25: a counter's thermal printer takes a 58 mm roll, as long as it needs. */}
            {paper === 'thermal' && thermal.lengthMm !== undefined && (
              <style>{`@page { size: 58mm ${thermal.lengthMm}mm; margin: ${ROLL_MARGIN_MM}mm; }`}</style>
            )}
            <Receipt record={transaction.data} copy={copy} shop={shop} />
          </div>,
          document.body,
        )}
    </>
  );
}

/** The thermal page's margin on every side (58 mm roll, 54 mm printed). */
/** Which copy of a receipt is shown and printed: the customer's or the shop's. */
export function ReceiptCopySwitch({
  copy,
  onChange,
}: {
  copy: ReceiptCopy;
  onChange: (copy: ReceiptCopy) => void;
}) {
  const { t } = useTranslation('transactions');
  return (
    <Segmented<ReceiptCopy>
      block
      className="receipt__copies"
      aria-label={t('receipt.whichCopy')}
      value={copy}
      onChange={onChange}
      options={[
        { value: 'customer', label: t('receipt.copy.customer') },
        { value: 'shop', label: t('receipt.copy.shop') },
      ]}
    />
  );
}

/** The paper a receipt prints on: A4, or a 58 mm thermal roll. */
export function ReceiptPaperSwitch({
  paper,
  onChange,
}: {
  paper: ReceiptPaper;
  onChange: (paper: ReceiptPaper) => void;
}) {
  const { t } = useTranslation('transactions');
  return (
    <div className="receipt__paper">
      <span>{t('receipt.paper.label')}</span>
      <Segmented<ReceiptPaper>
        size="small"
        aria-label={t('receipt.paper.label')}
        value={paper}
        onChange={onChange}
        options={[
          { value: 'a4', label: 'A4' },
          { value: 'thermal', label: t('receipt.paper.thermal') },
        ]}
      />
    </div>
  );
}

export const ROLL_MARGIN_MM = 2;
const MM_PER_PX = 25.4 / 96;

/**
 * How long the roll's page is: the thermal copy's height, measured as it joins the page (it is
 * laid out off screen as on paper, receipt.css), with the margins. A page size is two lengths:
 * `58mm auto` is not valid CSS and was dropped, so the receipt printed on the default sheet.
 */
export function useRollLength(printed: string | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  const [lengthMm, setLengthMm] = useState<number>();
  useLayoutEffect(() => {
    if (printed === undefined || !ref.current) return;
    const height = ref.current.getBoundingClientRect().height;
    setLengthMm(Math.ceil(height * MM_PER_PX + 2 * ROLL_MARGIN_MM + 1));
  }, [printed]);
  return { ref, lengthMm };
}

/**
 * Print: a print copy of the receipt joins the page, then the popup opens after 800 ms. The
 * copy leaves after printing ('afterprint'); each click asks again, even if a browser never
 * said the last print ended.
 */
export function usePrint() {
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
