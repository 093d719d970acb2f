import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  checkMobile,
  checkPin,
  checkTransferAmount,
  checkWalletTransfer,
  Messages,
  MOBILE_DIGITS,
  normalizeMobile,
  PIN_MAX_LENGTH,
  rupeesString,
} from '@khata/domain';
import { amountInWords } from '../../../i18n/amountInWords';
import { localizeMessage } from '../../../i18n/messages';
import { ruleFrom } from '../../../ui/formRules';
import { AvailableBalance, useCreditConfirm } from '../balance/AvailableBalance';
import { AdminPage } from '../common/AdminPage';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { clearDraft, readDraft, saveDraft } from '../common/formDraft';
import { useIdempotencyKey } from '../common/useIdempotencyKey';
import { useAdminUser } from '../session/adminUser';
import type { TransactionRecord } from '@khata/domain';
import { ReceiptModal } from '../transactions/ReceiptModal';
import { TransactionReportView } from '../transactions/TransactionReportView';
import { useSendMoneyToWallet, useWalletHolderLookup } from './api';
import './wallet-transfer.css';
import { FocusedResult } from '../../../ui/FocusedResult';

interface TransferValues {
  mobile?: string;
  amount?: string;
  remark?: string;
  pin?: string;
}

interface Holder {
  mobile: string;
  name: string;
}

const REMARK_MAX = 200;
const DRAFT = 'walletTransfer';

/** What the draft keeps of the form: never the PIN. */
const draftOf = ({ mobile, amount, remark }: TransferValues) => ({ mobile, amount, remark });

/** Spec §2, §4, §5: /admin/walletTransactions, money from this wallet to another one. */
export function WalletTransferPage() {
  return (
    <RequireMenuItem item="walletTransfer">
      <WalletTransfer />
    </RequireMenuItem>
  );
}

function WalletTransfer() {
  const { message } = App.useApp();
  const { t } = useTranslation('wallet-transfer');
  const [form] = Form.useForm<TransferValues>();
  const [holder, setHolder] = useState<Holder>();
  const [lookupFailed, setLookupFailed] = useState<string>();
  const [sent, setSent] = useState<TransactionRecord>();
  const [receiptOpen, setReceiptOpen] = useState(false);
  const lookup = useWalletHolderLookup();
  const send = useSendMoneyToWallet();
  const idempotencyKey = useIdempotencyKey();
  const { profile } = useAdminUser();
  const confirmCredit = useCreditConfirm();
  const amount = Form.useWatch('amount', form);
  const words = amount ? amountInWords(amount) : undefined;

  // Spec §4: a 10-digit mobile number triggers the lookup; any other change forgets the holder.
  const onMobileChange = (raw: string | undefined) => {
    const mobile = checkMobile(raw);
    if (holder && holder.mobile === (mobile.ok ? mobile.value : undefined)) return;
    setHolder(undefined);
    setLookupFailed(undefined);
    if (!mobile.ok) return;
    lookup.mutate(mobile.value, {
      onSuccess: ({ name }) => {
        // Only the answer for the number still in the field counts.
        if (normalizeMobile(form.getFieldValue('mobile') ?? '') !== mobile.value) return;
        setHolder({ mobile: mobile.value, name });
        message.success(localizeMessage(Messages.fetchUserSucceeded));
      },
      onError: (error) => {
        setLookupFailed(localizeMessage(error.message || Messages.userNotFound));
        message.error(localizeMessage(Messages.fetchUserFailed));
      },
    });
  };

  // Issue 23: a draft kept when the session ended (midnight) is filled in again, holder and all.
  useEffect(() => {
    const draft = readDraft<TransferValues>(profile._id, DRAFT);
    if (!draft) return;
    form.setFieldsValue(draft);
    onMobileChange(draft.mobile);
    // Once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (values: TransferValues) => {
    const checked = checkWalletTransfer({ ...values, holderFound: holder !== undefined });
    if (!checked.ok || !holder) {
      message.error(localizeMessage(checked.ok ? Messages.holderNotFound : checked.message));
      return;
    }
    const remark = values.remark?.trim();
    // Issue 23: money spent on credit is said first.
    confirmCredit(checked.value.amount, () =>
      send.mutate(
        {
          mobile: checked.value.mobile,
          amount: rupeesString(checked.value.amount),
          ...(remark ? { remark } : {}),
          name: holder.name,
          pin: checked.value.pin,
          idempotencyKey: idempotencyKey.current(),
        },
        {
          onSuccess: (moved) => {
            idempotencyKey.renew();
            // The API's English ("Money sent successfully."), in the reader's language.
            message.success(t('sent.toast'));
            setSent(moved.transactionRecord);
            // Spec §4: a successful transfer resets the form.
            form.resetFields();
            clearDraft(profile._id, DRAFT);
            setHolder(undefined);
          },
          onError: (error) => idempotencyKey.settle(error),
        },
      ),
    );
  };

  return (
    <AdminPage title={t('page.title')} intro={t('page.intro')}>
      <Card className="admin-card admin-form">
        {sent && !send.isPending && (
          <FocusedResult result={sent}>
            <Alert
              className="wallet-transfer__done"
              type="success"
              showIcon
              title={
                sent.payload?.data?.beneficiaryName
                  ? t('sent.to', { name: String(sent.payload.data.beneficiaryName) })
                  : t('sent.toWallet')
              }
              action={
                <Button size="small" onClick={() => setReceiptOpen(true)}>
                  {t('sent.viewReceipt')}
                </Button>
              }
              closable={{ onClose: () => setSent(undefined), 'aria-label': t('sent.dismiss') }}
            />
          </FocusedResult>
        )}
        {send.isError && (
          <FocusedResult result={send.error}>
            <Alert
              className="wallet-transfer__error"
              type="error"
              showIcon
              title={send.error.message}
            />
          </FocusedResult>
        )}
        <Form<TransferValues>
          form={form}
          name="wallet-transfer"
          layout="vertical"
          requiredMark="optional"
          disabled={send.isPending}
          onFinish={submit}
          onValuesChange={(changed: TransferValues, all: TransferValues) => {
            idempotencyKey.renew();
            saveDraft(profile._id, DRAFT, draftOf(all));
            if (send.isError) send.reset();
            if ('mobile' in changed) onMobileChange(changed.mobile);
          }}
        >
          <Form.Item
            name="mobile"
            label={t('form.mobile')}
            required
            normalize={normalizeMobile}
            rules={[ruleFrom(checkMobile)]}
            validateStatus={lookupFailed ? 'error' : lookup.isPending ? 'validating' : undefined}
            hasFeedback={lookup.isPending}
            help={lookupFailed}
            extra={
              holder ? (
                <span className="wallet-transfer__holder" data-testid="wallet-holder">
                  {holder.name}
                </span>
              ) : undefined
            }
          >
            <Input
              size="large"
              inputMode="numeric"
              autoComplete="off"
              maxLength={MOBILE_DIGITS}
              placeholder={t('form.mobilePlaceholder')}
              prefix={<span className="wallet-transfer__prefix">+91</span>}
            />
          </Form.Item>

          {holder && (
            <>
              <Form.Item
                name="amount"
                label={t('form.amount')}
                required
                rules={[ruleFrom(checkTransferAmount)]}
                extra={words?.ok ? t('form.amountInWords', { words: words.value }) : undefined}
              >
                <Input size="large" inputMode="decimal" autoComplete="off" placeholder="0.00" />
              </Form.Item>
              <Form.Item name="remark" label={t('form.remarks')}>
                <Input.TextArea
                  autoSize={{ minRows: 1, maxRows: 4 }}
                  maxLength={REMARK_MAX}
                  placeholder={t('form.remarksPlaceholder')}
                />
              </Form.Item>
              <Form.Item name="pin" label={t('form.pin')} required rules={[ruleFrom(checkPin)]}>
                <Input.Password
                  size="large"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={PIN_MAX_LENGTH}
                />
              </Form.Item>
            </>
          )}

          <AvailableBalance className="wallet-transfer__available" />
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            disabled={!holder}
            loading={send.isPending}
          >
            {t('form.send')}
          </Button>
          {!holder && (
            <p className="wallet-transfer__hint">{localizeMessage(Messages.holderNotFound)}</p>
          )}
        </Form>
      </Card>
      <TransactionReportView preset="walletTransfers" sectionTitle={t('report.title')} />
      <ReceiptModal
        id={receiptOpen ? sent?._id : undefined}
        known={sent}
        onClose={() => setReceiptOpen(false)}
      />
    </AdminPage>
  );
}
