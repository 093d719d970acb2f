import { useState, type ReactNode } from 'react';
import { App, Button, Empty, List, Modal, Tag } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import {
  useConfirmRemitterBeneficiary,
  useDeleteRemitterBeneficiary,
  type Remitter,
  type RemitterBeneficiary,
} from '../api';
import type { DmtBeneficiaryState } from '@khata/domain';
import { maskMobile } from '../labels';
import { CustomerOtpForm } from './CustomerOtpForm';
import '../../payouts/payouts.css';

export interface RemitterBeneficiariesProps {
  remitter: Remitter;
  /** More actions of an active beneficiary's row (Send money). */
  actions?: (beneficiary: RemitterBeneficiary) => ReactNode;
  /** Only look (an admin): no OTP, no delete. */
  readOnly?: boolean;
}

const BENEFICIARY_STATE_KEYS = {
  otpPending: 'state.beneficiary.otpPending',
  active: 'state.beneficiary.active',
  deleted: 'state.beneficiary.deleted',
} as const satisfies Record<DmtBeneficiaryState, string>;

const BENEFICIARY_STATE_COLORS: Record<DmtBeneficiaryState, string> = {
  otpPending: 'orange',
  active: 'green',
  deleted: 'default',
};

/** What an OTP dialog of this list is confirming. */
type Pending = { act: 'confirm' | 'delete'; beneficiary: RemitterBeneficiary };

/**
 * The remitter's beneficiaries: active ones can be paid; one waiting for its OTP is confirmed
 * with the code the remitter got; deleting one asks for a fresh OTP to the remitter first.
 * The same list (and layout) as the Bank Payout's beneficiaries.
 */
export function RemitterBeneficiaries({ remitter, actions, readOnly }: RemitterBeneficiariesProps) {
  const { t } = useTranslation('remitters');
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
        answer.message ?? (pending.act === 'delete' ? t('list.deleted') : t('list.added')),
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
        locale={{ emptyText: <Empty description={t('list.empty')} /> }}
        renderItem={(beneficiary) => {
          return (
            <List.Item data-testid="dmt-beneficiary">
              <article className="beneficiary" aria-label={beneficiary.name}>
                <div className="beneficiary__head">
                  <strong className="beneficiary__name">{beneficiary.name}</strong>
                  <span className="beneficiary__tags">
                    <Tag color={BENEFICIARY_STATE_COLORS[beneficiary.state]}>
                      {t(BENEFICIARY_STATE_KEYS[beneficiary.state])}
                    </Tag>
                    {beneficiary.verifiedName && <Tag color="green">{t('list.nameVerified')}</Tag>}
                  </span>
                </div>
                <dl className="beneficiary__details">
                  <div>
                    <dt>{t('list.bank')}</dt>
                    <dd>{beneficiary.bankName}</dd>
                  </div>
                  <div>
                    <dt>{t('list.account')}</dt>
                    <dd className="beneficiary__code">{beneficiary.maskedAccountNumber}</dd>
                  </div>
                  <div>
                    <dt>{t('list.ifsc')}</dt>
                    <dd className="beneficiary__code">{beneficiary.ifsc}</dd>
                  </div>
                  {beneficiary.verifiedName && (
                    <div>
                      <dt>{t('list.bankName')}</dt>
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
                        {t('list.enterOtp')}
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
                      {t('list.delete')}
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
        title={pending?.act === 'delete' ? t('list.deleteTitle') : t('list.confirmTitle')}
        onCancel={close}
        footer={null}
        destroyOnHidden
      >
        {pending && (
          <CustomerOtpForm
            intro={
              <Trans
                t={t}
                i18nKey={pending.act === 'delete' ? 'list.otpIntroDelete' : 'list.otpIntroAdd'}
                values={{
                  remitter: remitter.name,
                  mobile: maskMobile(remitter.mobile),
                  beneficiary: pending.beneficiary.name,
                  account: pending.beneficiary.maskedAccountNumber,
                }}
                components={{ strong: <strong /> }}
              />
            }
            submitLabel={
              pending.act === 'delete' ? t('list.deleteSubmit') : t('list.confirmSubmit')
            }
            loading={working.isPending}
            error={working.error?.message}
            onSubmit={submit}
            onResend={
              pending.act === 'delete'
                ? () =>
                    remove.ask.mutate(
                      { remitterMobile: remitter.mobile, beneficiaryId: pending.beneficiary.id },
                      {
                        onSuccess: () => void message.success(t('list.otpResent')),
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
