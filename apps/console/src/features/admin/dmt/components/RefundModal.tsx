import { Alert, App, Button, Descriptions, Modal } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('dmt');
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
      title={t('refund.title')}
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
                label: t('refund.customer'),
                children: `${transfer.remitter.name} (${maskMobile(transfer.remitter.mobile)})`,
              },
              {
                key: 'to',
                label: t('refund.beneficiary'),
                children: `${transfer.beneficiary.name} ${transfer.beneficiary.account}`,
              },
              { key: 'amount', label: t('refund.amount'), children: formatRupees(transfer.amount) },
              { key: 'fee', label: t('refund.fee'), children: formatRupees(transfer.fee) },
            ]}
          />
          {refund.ask.isSuccess ? (
            <CustomerOtpForm
              intro={
                <Trans
                  t={t}
                  i18nKey="refund.otpIntro"
                  values={{
                    name: transfer.remitter.name,
                    mobile: maskMobile(transfer.remitter.mobile),
                  }}
                  components={{ strong: <strong /> }}
                />
              }
              submitLabel={t('refund.submit')}
              loading={refund.confirm.isPending}
              error={refund.confirm.error?.message}
              onSubmit={(otp) =>
                refund.confirm.mutate(
                  { transferId: transfer.id, otp },
                  {
                    onSuccess: (answer) => {
                      message.success(answer.message ?? t('refund.done'));
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
              <p className="dmt-card__intro">{t('refund.intro')}</p>
              <Button
                type="primary"
                block
                loading={refund.ask.isPending}
                onClick={() => refund.ask.mutate(transfer.id)}
              >
                {t('refund.sendOtp')}
              </Button>
            </>
          )}
        </>
      )}
    </Modal>
  );
}
