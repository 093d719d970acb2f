import { Alert, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { BbpsComplaintButton } from '../complaints';
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
  onClose: () => void;
}

/**
 * A BBPS receipt in a dialog, for the payment's result and the bill payment report's rows:
 * the customer's copy or the shop's, printed on A4 or a 58 mm roll (ReceiptFrame).
 */
export function BbpsReceiptModal({ payment, shop, onClose }: BbpsReceiptModalProps) {
  const { t } = useTranslation('bbps');
  return (
    <Modal
      open={payment !== undefined}
      title={t('receipt.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={null}
      width={480}
    >
      {payment && <ReceiptBody known={payment} shop={shop} onClose={onClose} />}
    </Modal>
  );
}

function ReceiptBody({
  known,
  shop: given,
  onClose,
}: {
  known: BbpsPaymentDto;
  shop?: ReceiptShop;
  onClose: () => void;
}) {
  const payment = useBbpsPayment(known.id, known);
  const { profile, services } = useAdminUser();
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
      // The paying shop complains to Bharat BillPay from its receipt (a BBPS complaint, issue
      // 27); a distributor or an admin reading another's receipt does not.
      actions={
        data.shop.id === profile._id &&
        services.includes('bbps') && (
          <BbpsComplaintButton
            payment={{
              id: data.id,
              bbpsReference: data.bbpsReference,
              billerName: data.billerName ?? data.billerId,
            }}
          />
        )
      }
      render={(copy) => <BbpsReceipt payment={data} copy={copy} shop={shop} />}
    />
  );
}
