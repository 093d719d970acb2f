import { useState, type ReactNode } from 'react';
import { App, Button, Empty, List, Modal, Tag } from 'antd';
import {
  useConfirmRemitterBeneficiary,
  useDeleteRemitterBeneficiary,
  type Remitter,
  type RemitterBeneficiary,
} from '../api';
import { BENEFICIARY_STATE_LABELS, maskMobile } from '../labels';
import { CustomerOtpForm } from './CustomerOtpForm';
import '../../payouts/payouts.css';

export interface RemitterBeneficiariesProps {
  remitter: Remitter;
  /** More actions of an active beneficiary's row (Send money). */
  actions?: (beneficiary: RemitterBeneficiary) => ReactNode;
  /** Only look (an admin): no OTP, no delete. */
  readOnly?: boolean;
}

/** What an OTP dialog of this list is confirming. */
type Pending = { act: 'confirm' | 'delete'; beneficiary: RemitterBeneficiary };

/**
 * The remitter's beneficiaries: active ones can be paid; one waiting for its OTP is confirmed
 * with the code the remitter got; deleting one asks for a fresh OTP to the remitter first.
 * The same list (and layout) as the Bank Payout's beneficiaries.
 */
export function RemitterBeneficiaries({ remitter, actions, readOnly }: RemitterBeneficiariesProps) {
  const { message } = App.useApp();
  const [pending, setPending] = useState<Pending>();
  const confirm = useConfirmRemitterBeneficiary();
  const remove = useDeleteRemitterBeneficiary();

  const askDelete = (beneficiary: RemitterBeneficiary) =>
    remove.ask.mutate(
      { remitterMobile: remitter.mobile, beneficiaryId: beneficiary.id },
      {
        onSuccess: () => setPending({ act: 'delete', beneficiary }),
        onError: (error) => void message.error(error.message),
      },
    );

  const close = () => {
    confirm.reset();
    remove.confirm.reset();
    setPending(undefined);
  };

  const submit = (otp: string) => {
    if (!pending) return;
    const step = { remitterMobile: remitter.mobile, beneficiaryId: pending.beneficiary.id, otp };
    const done = (answer: { message?: string }) => {
      message.success(
        answer.message ??
          (pending.act === 'delete' ? 'Beneficiary deleted.' : 'Beneficiary added.'),
      );
      close();
    };
    if (pending.act === 'delete') remove.confirm.mutate(step, { onSuccess: done });
    else confirm.mutate(step, { onSuccess: done });
  };
  const working = pending?.act === 'delete' ? remove.confirm : confirm;

  return (
    <>
      <List<RemitterBeneficiary>
        className="beneficiaries"
        dataSource={remitter.beneficiaries}
        locale={{ emptyText: <Empty description="No beneficiaries yet: add one." /> }}
        renderItem={(beneficiary) => {
          const state = BENEFICIARY_STATE_LABELS[beneficiary.state];
          return (
            <List.Item data-testid="dmt-beneficiary">
              <article className="beneficiary" aria-label={beneficiary.name}>
                <div className="beneficiary__head">
                  <strong className="beneficiary__name">{beneficiary.name}</strong>
                  <span className="beneficiary__tags">
                    <Tag color={state.color}>{state.label}</Tag>
                    {beneficiary.verifiedName && <Tag color="green">Name verified</Tag>}
                  </span>
                </div>
                <dl className="beneficiary__details">
                  <div>
                    <dt>Bank</dt>
                    <dd>{beneficiary.bankName}</dd>
                  </div>
                  <div>
                    <dt>Account</dt>
                    <dd className="beneficiary__code">{beneficiary.maskedAccountNumber}</dd>
                  </div>
                  <div>
                    <dt>IFSC</dt>
                    <dd className="beneficiary__code">{beneficiary.ifsc}</dd>
                  </div>
                  {beneficiary.verifiedName && (
                    <div>
                      <dt>Bank&apos;s name</dt>
                      <dd>{beneficiary.verifiedName}</dd>
                    </div>
                  )}
                </dl>
                {!readOnly && (
                  <div className="beneficiary__actions">
                    {beneficiary.state === 'active' && actions?.(beneficiary)}
                    {beneficiary.state === 'otpPending' && (
                      <Button
                        size="small"
                        type="primary"
                        onClick={() => setPending({ act: 'confirm', beneficiary })}
                      >
                        Enter OTP
                      </Button>
                    )}
                    <Button
                      size="small"
                      danger
                      loading={
                        remove.ask.isPending &&
                        remove.ask.variables.beneficiaryId === beneficiary.id
                      }
                      onClick={() => askDelete(beneficiary)}
                    >
                      Delete
                    </Button>
                  </div>
                )}
              </article>
            </List.Item>
          );
        }}
      />
      <Modal
        open={pending !== undefined}
        title={pending?.act === 'delete' ? 'Delete the beneficiary' : 'Confirm the beneficiary'}
        onCancel={close}
        footer={null}
        destroyOnHidden
      >
        {pending && (
          <CustomerOtpForm
            intro={
              <>
                Enter the OTP sent to {remitter.name}&apos;s mobile{' '}
                <strong>{maskMobile(remitter.mobile)}</strong> to{' '}
                {pending.act === 'delete' ? 'delete' : 'add'}{' '}
                <strong>{pending.beneficiary.name}</strong> (
                {pending.beneficiary.maskedAccountNumber}).
              </>
            }
            submitLabel={pending.act === 'delete' ? 'Delete beneficiary' : 'Confirm beneficiary'}
            loading={working.isPending}
            error={working.error?.message}
            onSubmit={submit}
            onResend={
              pending.act === 'delete'
                ? () =>
                    remove.ask.mutate(
                      { remitterMobile: remitter.mobile, beneficiaryId: pending.beneficiary.id },
                      {
                        onSuccess: () => void message.success('A new OTP is on its way.'),
                        onError: (error) => void message.error(error.message),
                      },
                    )
                : undefined
            }
            resending={remove.ask.isPending}
            onCancel={close}
          />
        )}
      </Modal>
    </>
  );
}
