import { useState } from 'react';
import { Alert, App, Button, Empty, Input, List, Popconfirm, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Messages, searchBeneficiaries } from '@khata/domain';
import { ApiError } from '../../../api/client';
import { useDeleteBeneficiary, type Beneficiary } from './api';
import { localizeMessage } from '../../../i18n/messages';

export interface BeneficiaryListProps {
  beneficiaries: Beneficiary[] | undefined;
  loading: boolean;
  error: Error | null;
  /** The call to action of a row: Pay, or Settle for AEPS accounts. */
  actionLabel: string;
  /** Whether a row can be paid (a DMT beneficiary waits for its OTP, AEPS for approval). */
  canPay: (beneficiary: Beneficiary) => boolean;
  onPay: (beneficiary: Beneficiary) => void;
  onLastTransactions?: (beneficiary: Beneficiary) => void;
  searchable?: boolean;
}

/** An AEPS account's approval state, in the words of the tag (English as the API spells it). */
const ACTIVATION_KEYS = {
  pending: 'list.activation.pending',
  rejected: 'list.activation.rejected',
  approved: 'list.activation.approved',
} as const;

/** Spec §5: a refused list and a list that did not arrive say different things. */
export function beneficiariesLoadError(error: Error): string {
  return error instanceof ApiError && error.status !== 0
    ? localizeMessage(Messages.beneficiariesLoadFailed)
    : localizeMessage(Messages.beneficiariesLoadError);
}

/**
 * Saved beneficiaries with search (name or account number, any case), verified or pending,
 * and delete after a confirmation (spec §5).
 */
export function BeneficiaryList({
  beneficiaries,
  loading,
  error,
  actionLabel,
  canPay,
  onPay,
  onLastTransactions,
  searchable = true,
}: BeneficiaryListProps) {
  const { message } = App.useApp();
  const { t } = useTranslation('payouts');
  const [query, setQuery] = useState('');
  const remove = useDeleteBeneficiary();
  const shown = searchBeneficiaries(beneficiaries ?? [], query);

  if (error) return <Alert type="error" showIcon title={beneficiariesLoadError(error)} />;
  return (
    <>
      {searchable && (
        <Input.Search
          className="payout__search"
          allowClear
          placeholder={t('list.searchPlaceholder')}
          aria-label={t('list.searchLabel')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      )}
      <List<Beneficiary>
        className="beneficiaries"
        loading={loading}
        dataSource={shown}
        locale={{ emptyText: <Empty description={localizeMessage(Messages.noData)} /> }}
        renderItem={(beneficiary) => (
          <List.Item data-testid="beneficiary">
            <article className="beneficiary" aria-label={beneficiary.name}>
              <div className="beneficiary__head">
                <strong className="beneficiary__name" data-testid="beneficiary-name">
                  {beneficiary.name}
                </strong>
                <span className="beneficiary__tags">
                  <Tag color={beneficiary.status === 'verified' ? 'green' : 'gold'}>
                    {beneficiary.status === 'verified' ? t('list.verified') : t('list.pending')}
                  </Tag>
                  {beneficiary.type === 'dmt' && <Tag>{t('list.dmt')}</Tag>}
                  {beneficiary.type !== 'aeps' && !beneficiary.registered && (
                    <Tag color="orange">{t('list.otpPending')}</Tag>
                  )}
                  {beneficiary.type === 'aeps' &&
                    beneficiary.activationStatus &&
                    beneficiary.activationStatus !== 'approved' && (
                      <Tag color="orange">
                        {t('list.awaitingApproval', {
                          status: Object.hasOwn(ACTIVATION_KEYS, beneficiary.activationStatus)
                            ? t(
                                ACTIVATION_KEYS[
                                  beneficiary.activationStatus as keyof typeof ACTIVATION_KEYS
                                ],
                              )
                            : beneficiary.activationStatus,
                        })}
                      </Tag>
                    )}
                </span>
              </div>
              {/* Label and value rows: they stack on a phone instead of squeezing a column. */}
              <dl className="beneficiary__details">
                <div>
                  <dt>{t('list.bank')}</dt>
                  <dd data-testid="beneficiary-bank">{beneficiary.bankName}</dd>
                </div>
                <div>
                  <dt>{t('list.account')}</dt>
                  <dd className="beneficiary__code" data-testid="beneficiary-account">
                    {beneficiary.accountNumber}
                  </dd>
                </div>
                <div>
                  <dt>{t('list.ifsc')}</dt>
                  <dd className="beneficiary__code" data-testid="beneficiary-ifsc">
                    {beneficiary.ifscCode}
                  </dd>
                </div>
              </dl>
              <div className="beneficiary__actions">
                <Button
                  type="primary"
                  size="small"
                  disabled={!canPay(beneficiary)}
                  onClick={() => onPay(beneficiary)}
                >
                  {actionLabel}
                </Button>
                {onLastTransactions && (
                  <Button size="small" onClick={() => onLastTransactions(beneficiary)}>
                    {t('list.lastTransactions')}
                  </Button>
                )}
                <Popconfirm
                  title={t('list.deleteTitle')}
                  description={`${beneficiary.name}, ${beneficiary.maskedAccountNumber ?? beneficiary.accountNumber}`}
                  okText={t('list.delete')}
                  cancelText={t('list.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => {
                    // Both outcomes are shown to the user, so the promise needs no other catch.
                    void remove.mutateAsync(beneficiary._id).then(
                      (answer) => void message.success(answer.message),
                      (failure: Error) => void message.error(failure.message),
                    );
                  }}
                >
                  <Button size="small" danger>
                    {t('list.delete')}
                  </Button>
                </Popconfirm>
              </div>
            </article>
          </List.Item>
        )}
      />
    </>
  );
}
