import { Alert, App, Button, Descriptions, Modal } from 'antd';
import { formatRupees } from '../../common/money';
import { CustomerOtpForm } from '../../remitters/components/CustomerOtpForm';
import { maskMobile } from '../../remitters/labels';
import { useRefund, type DmtTransfer } from '../api';

export interface RefundModalProps {
  transfer: DmtTransfer | undefined;
  onClose: () => void;
}

/**
 * A failed transfer's money goes back to the shop's wallet only once the customer confirms
 * with the OTP sent to their mobile: the shop hands their cash back at the counter. Confirming
 * twice refunds once (the API's rule).
 */
export function RefundModal({ transfer, onClose }: RefundModalProps) {
  const { message } = App.useApp();
  const refund = useRefund();
  const close = () => {
    refund.ask.reset();
    refund.confirm.reset();
    onClose();
  };
  return (
    <Modal
      open={transfer !== undefined}
      title="Refund with the customer's OTP"
      onCancel={close}
      footer={null}
      destroyOnHidden
    >
      {transfer && (
        <>
          <Descriptions
            className="dmt-facts"
            size="small"
            column={1}
            items={[
              {
                key: 'customer',
                label: 'Customer',
                children: `${transfer.remitter.name} (${maskMobile(transfer.remitter.mobile)})`,
              },
              {
                key: 'to',
                label: 'Beneficiary',
                children: `${transfer.beneficiary.name} ${transfer.beneficiary.account}`,
              },
              { key: 'amount', label: 'Amount', children: formatRupees(transfer.amount) },
              { key: 'fee', label: 'Fee', children: formatRupees(transfer.fee) },
            ]}
          />
          {refund.ask.isSuccess ? (
            <CustomerOtpForm
              intro={
                <>
                  Ask {transfer.remitter.name} for the OTP sent to{' '}
                  <strong>{maskMobile(transfer.remitter.mobile)}</strong>. Once it is confirmed, the
                  money comes back to your wallet: give the customer their cash back.
                </>
              }
              submitLabel="Refund"
              loading={refund.confirm.isPending}
              error={refund.confirm.error?.message}
              onSubmit={(otp) =>
                refund.confirm.mutate(
                  { transferId: transfer.id, otp },
                  {
                    onSuccess: (answer) => {
                      message.success(answer.message ?? 'Refunded to your wallet.');
                      close();
                    },
                  },
                )
              }
              onResend={() => refund.ask.mutate(transfer.id)}
              resending={refund.ask.isPending}
              onCancel={close}
            />
          ) : (
            <>
              {refund.ask.isError && (
                <Alert
                  className="dmt-alert"
                  type="error"
                  showIcon
                  title={refund.ask.error.message}
                />
              )}
              <p className="dmt-card__intro">
                The transfer failed. Send an OTP to the customer to confirm the refund.
              </p>
              <Button
                type="primary"
                block
                loading={refund.ask.isPending}
                onClick={() => refund.ask.mutate(transfer.id)}
              >
                Send OTP to the customer
              </Button>
            </>
          )}
        </>
      )}
    </Modal>
  );
}
