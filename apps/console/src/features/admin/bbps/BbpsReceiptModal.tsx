import { Alert, Button, Modal, Skeleton } from 'antd';
import { useAdminUser } from '../session/adminUser';
import { shopOf, type ReceiptShop } from '../transactions/receipt';
import { ReceiptFrame } from '../transactions/ReceiptFrame';
import { useBbpsPayment, type BbpsPaymentDto } from './api';
import { BbpsReceipt } from './BbpsReceipt';

export interface BbpsReceiptModalProps {
  /** The payment to show (the modal is open while there is one): read again from the API. */
  payment: BbpsPaymentDto | undefined;
  /** The shop heading the receipt when it is another's (a report of others). */
  shop?: ReceiptShop;
  /**
   * "Raise complaint": shown only when given. The BBPS complaint form is the complaints
   * screen's (another part of issue 27); the receipt only hands it the payment.
   */
  onComplain?: (payment: BbpsPaymentDto) => void;
  onClose: () => void;
}

/**
 * A BBPS receipt in a dialog, for the payment's result and the bill payment report's rows:
 * the customer's copy or the shop's, printed on A4 or a 58 mm roll (ReceiptFrame).
 */
export function BbpsReceiptModal({ payment, shop, onComplain, onClose }: BbpsReceiptModalProps) {
  return (
    <Modal
      open={payment !== undefined}
      title="BBPS receipt"
      onCancel={onClose}
      destroyOnHidden
      footer={null}
      width={480}
    >
      {payment && (
        <ReceiptBody known={payment} shop={shop} onComplain={onComplain} onClose={onClose} />
      )}
    </Modal>
  );
}

function ReceiptBody({
  known,
  shop: given,
  onComplain,
  onClose,
}: {
  known: BbpsPaymentDto;
  shop?: ReceiptShop;
  onComplain?: (payment: BbpsPaymentDto) => void;
  onClose: () => void;
}) {
  const payment = useBbpsPayment(known.id, known);
  const { profile } = useAdminUser();
  const own = shopOf(profile);

  if (payment.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (payment.isError) return <Alert type="error" showIcon title={payment.error.message} />;
  const data = payment.data;
  // Another shop's payment (a report of others) is headed by that shop, as the API names it.
  const shop: ReceiptShop =
    given ??
    (data.shop.id === profile._id
      ? own
      : { name: data.shop.name ?? own.name, phone: data.shop.mobile });
  return (
    <ReceiptFrame
      version={payment.dataUpdatedAt}
      onClose={onClose}
      actions={onComplain && <Button onClick={() => onComplain(data)}>Raise complaint</Button>}
      render={(copy) => <BbpsReceipt payment={data} copy={copy} shop={shop} />}
    />
  );
}
