import { useState, type ReactNode } from 'react';
import { Button, Card } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { AdminPage } from '../common/AdminPage';
import type { TransactionRecord } from '@khata/domain';
import { ReceiptModal } from '../transactions/ReceiptModal';
import { AddBeneficiaryModal } from './AddBeneficiaryModal';
import { payoutKeys, type Beneficiary } from './api';
import { useAdminUser } from '../session/adminUser';
import { PayoutForm, readPayoutDraft } from './PayoutForm';
import { PayoutStatusToast } from './PayoutStatusToast';
import './payouts.css';

export interface PayoutScreenProps {
  /** Bank payouts to saved beneficiaries, or the AEPS settlement to the user's own accounts. */
  kind: 'bank' | 'aeps';
  title: string;
  intro: ReactNode;
  /** The label of the button that opens the add-beneficiary dialog. */
  addLabel: string;
  /** Whether that button shows at all. */
  canAdd?: boolean;
  listTitle: string;
  listLoading?: boolean;
  /** The card's content: the accounts, with `pay` opening the payout form for one. */
  list: (pay: (beneficiary: Beneficiary) => void) => ReactNode;
  /** Above the accounts: what the screen pays from (issue 26: the AEPS balance and its move). */
  summary?: ReactNode;
  /** More dialogs of the screen. */
  children?: ReactNode;
}

/**
 * Spec §4, §5: the accounts on the left, the payout form for the one chosen beside them, the
 * receipt once paid. Closing the receipt reloads the screen: fresh lists, an empty form.
 */
export function PayoutScreen({
  kind,
  title,
  intro,
  addLabel,
  canAdd = true,
  listTitle,
  listLoading,
  list,
  summary,
  children,
}: PayoutScreenProps) {
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const { profile } = useAdminUser();
  // Issue 23: a payout in progress when the session ended opens again after signing in.
  const [paying, setPaying] = useState<Beneficiary | undefined>(() =>
    kind === 'aeps' ? undefined : readPayoutDraft(profile._id)?.beneficiary,
  );
  const [receipt, setReceipt] = useState<TransactionRecord>();
  // Payouts accepted on this screen: each keeps a toast with its live status.
  const [accepted, setAccepted] = useState<TransactionRecord[]>([]);

  const paid = (record: TransactionRecord) => {
    setReceipt(record);
    setAccepted((known) => [...known.filter((entry) => entry._id !== record._id), record]);
  };

  const closeReceipt = () => {
    setReceipt(undefined);
    setPaying(undefined);
    void queryClient.invalidateQueries({ queryKey: payoutKeys.beneficiaries });
  };

  return (
    <AdminPage
      title={title}
      intro={intro}
      actions={
        canAdd && (
          <Button type="primary" onClick={() => setAdding(true)}>
            {addLabel}
          </Button>
        )
      }
    >
      {summary}
      <div className="payout__layout">
        <Card className="admin-card" title={listTitle} loading={listLoading}>
          {list(setPaying)}
        </Card>
        {paying && (
          <PayoutForm
            key={paying._id}
            beneficiary={paying}
            kind={kind === 'aeps' ? 'aeps' : 'payout'}
            onPaid={paid}
            onCancel={() => setPaying(undefined)}
          />
        )}
      </div>
      <AddBeneficiaryModal open={adding} kind={kind} onClose={() => setAdding(false)} />
      {children}
      <ReceiptModal id={receipt?._id} known={receipt} onClose={closeReceipt} />
      {accepted.map((record) => (
        <PayoutStatusToast key={record._id} record={record} />
      ))}
    </AdminPage>
  );
}
