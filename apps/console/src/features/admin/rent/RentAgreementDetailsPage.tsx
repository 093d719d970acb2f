import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Input, Popconfirm, Space, Tag, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../i18n/format';
import { formatDateTime } from '../common/dates';
import { formatRupees } from '../common/money';
import { AdminPage } from '../common/AdminPage';
import { PinConfirmModal } from '../common/PinConfirmModal';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useIdempotencyKey } from '../common/useIdempotencyKey';
import { useAdminUser } from '../session/adminUser';
import {
  downloadRentPdf,
  invalidateRent,
  payRentAgreement,
  rentAction,
  rentKeys,
  sendSignOtp,
  signAsParty,
  useRentAgreement,
  useRentQuote,
  type RentDetailsDto,
  type RentPartyDto,
} from './api';
import { RentBreakdown } from './RentBreakdown';
import { partyWord, rentStatusWord, STATUS_COLOURS, timelineWord } from './words';
import './rent.css';

function SignParty({
  agreement,
  party,
  onSigned,
}: {
  agreement: RentDetailsDto;
  party: RentPartyDto;
  onSigned: (next: RentDetailsDto) => void;
}) {
  const { t } = useTranslation('rent');
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ type: 'error' | 'success'; text: string }>();
  const label = partyWord(t, party.role, party.position);
  if (party.signedAt) {
    return <Tag color="green">{t('sign.signedAt', { time: formatDateTime(party.signedAt) })}</Tag>;
  }
  if (agreement.status !== 'signing') return <Tag>{t('sign.notSigned')}</Tag>;
  const send = async () => {
    setBusy(true);
    setNote(undefined);
    try {
      await sendSignOtp(agreement.id, party.id);
      setNote({
        type: 'success',
        text: t('sign.otpSent', { mobile: `XXXXXX${party.mobile.slice(-4)}` }),
      });
    } catch (error) {
      setNote({ type: 'error', text: error instanceof Error ? error.message : t('sign.notSent') });
    } finally {
      setBusy(false);
    }
  };
  const sign = async () => {
    setBusy(true);
    setNote(undefined);
    try {
      const answer = await signAsParty(agreement.id, party.id, otp.trim());
      setOtp('');
      onSigned(answer.data);
    } catch (error) {
      setNote({
        type: 'error',
        text: error instanceof Error ? error.message : t('sign.notSignedError'),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <div className="rent-sign-row">
        <Button
          onClick={() => void send()}
          loading={busy}
          aria-label={t('sign.sendTo', { party: label })}
        >
          {t('sign.send')}
        </Button>
        <Input
          className="rent-otp"
          inputMode="numeric"
          maxLength={6}
          placeholder={t('sign.otpPlaceholder')}
          aria-label={t('sign.otpOf', { party: label })}
          value={otp}
          onChange={(event) => setOtp(event.target.value.replace(/\D/g, ''))}
        />
        <Button
          type="primary"
          disabled={otp.length !== 6}
          loading={busy}
          onClick={() => void sign()}
          aria-label={t('sign.signAs', { party: label })}
        >
          {t('sign.eSign')}
        </Button>
      </div>
      {note && <Alert className="rent-alert" type={note.type} showIcon title={note.text} />}
    </div>
  );
}

/**
 * Issue 28: `/admin/rentAgreement/:id`, one agreement in the viewer's scope: its terms, the
 * price, Pay (PIN, one Idempotency-Key per confirmation), the e-stamp, each party's eSign by
 * OTP, the timeline with each step's time, the PDF (the draft, then the signed one), cancel
 * (refunded before the stamp).
 */
export function RentAgreementDetailsPage() {
  const { t } = useTranslation('rent');
  const { rentAgreement: id } = useParams();
  const { profile } = useAdminUser();
  const queryClient = useQueryClient();
  const agreement = useRentAgreement(id);
  const key = useIdempotencyKey();
  const [paying, setPaying] = useState(false);
  const [sending, setSending] = useState(false);
  const [payError, setPayError] = useState<string>();
  const [message, setMessage] = useState<{ type: 'error' | 'success'; text: string }>();

  const data = agreement.data;
  const months = (count: number) =>
    t('details.agreement.months', { count, months: formatCount(count) });
  const mine = data?.shopId === profile._id;
  const settle = (next: RentDetailsDto) => {
    queryClient.setQueryData(rentKeys.one(next.id), next);
    invalidateRent(queryClient);
  };
  const pay = async (pin: string) => {
    if (!data) return;
    setSending(true);
    setPayError(undefined);
    try {
      const answer = await payRentAgreement(data.id, pin, key.current());
      key.renew();
      setPaying(false);
      setMessage({ type: 'success', text: answer.message ?? t('details.paid') });
      settle(answer.data);
    } catch (error) {
      key.settle(error);
      setPayError(error instanceof Error ? error.message : t('details.payFailed'));
    } finally {
      setSending(false);
    }
  };
  const act = async (action: 'cancel' | 'stamp') => {
    if (!data) return;
    setMessage(undefined);
    try {
      const answer = await rentAction(data.id, action);
      setMessage({ type: 'success', text: answer.message ?? t('details.done') });
      settle(answer.data);
    } catch (error) {
      setMessage({
        type: 'error',
        text: error instanceof Error ? error.message : t('details.notDone'),
      });
    }
  };

  return (
    <RequireMenuItem item="rentalAgreements">
      <AdminPage
        title={data ? t('details.title', { reference: data.reference }) : t('details.titleLoading')}
        actions={
          data && (
            <Space wrap>
              <Button onClick={() => void downloadRentPdf(data)}>
                {data.status === 'completed' ? t('details.pdfSigned') : t('details.pdfDraft')}
              </Button>
              {mine && (data.status === 'draft' || data.status === 'paid') && (
                <Popconfirm
                  title={
                    data.status === 'paid' ? t('details.cancel.refund') : t('details.cancel.draft')
                  }
                  okText={t('details.cancel.ok')}
                  cancelText={t('details.cancel.keep')}
                  onConfirm={() => void act('cancel')}
                >
                  <Button danger>{t('details.cancel.button')}</Button>
                </Popconfirm>
              )}
            </Space>
          )
        }
      >
        {agreement.error && (
          <Alert type="error" showIcon title={agreement.error.message} className="rent-alert" />
        )}
        {message && (
          <Alert
            type={message.type}
            showIcon
            role="status"
            title={message.text}
            className="rent-alert"
          />
        )}
        {data && (
          <>
            <Card size="small" className="rent-card" title={t('details.status')}>
              <Space wrap>
                <Tag color={STATUS_COLOURS[data.status]}>{rentStatusWord(t, data.status)}</Tag>
                {data.estampCertificate && (
                  <span>{t('details.estamp', { certificate: data.estampCertificate })}</span>
                )}
                {data.refunded && <Tag color="blue">{t('details.refunded')}</Tag>}
              </Space>
              {data.warnings.map((warning) => (
                <Alert
                  key={warning}
                  type="warning"
                  showIcon
                  className="rent-alert"
                  title={warning}
                />
              ))}
            </Card>
            <Card size="small" className="rent-card" title={t('details.price')}>
              <RentBreakdown
                breakdown={
                  data.stampDuty === null
                    ? undefined
                    : {
                        stampDuty: data.stampDuty,
                        serviceCharge: data.serviceCharge,
                        total: data.total,
                        commission: data.commission,
                      }
                }
              />
              {data.status === 'draft' && mine && (
                <DraftPrice data={data} onPay={() => setPaying(true)} />
              )}
              {data.status === 'paid' && mine && (
                <Button className="rent-add" onClick={() => void act('stamp')}>
                  {t('details.stampAgain')}
                </Button>
              )}
            </Card>
            <Card size="small" className="rent-card" title={t('details.parties')}>
              <Descriptions
                column={1}
                size="small"
                bordered
                items={data.parties.map((party) => ({
                  key: party.id,
                  label: t('details.party', {
                    party: partyWord(t, party.role, party.position),
                    name: party.name,
                  }),
                  children: mine ? (
                    <SignParty
                      agreement={data}
                      party={party}
                      onSigned={(next) => {
                        setMessage(undefined);
                        settle(next);
                      }}
                    />
                  ) : party.signedAt ? (
                    t('sign.signedAt', { time: formatDateTime(party.signedAt) })
                  ) : (
                    t('sign.notSigned')
                  ),
                }))}
              />
            </Card>
            <Card size="small" className="rent-card" title={t('details.agreement.title')}>
              <Descriptions
                column={{ xs: 1, md: 2 }}
                size="small"
                items={[
                  { key: 'shop', label: t('details.agreement.shop'), children: data.shopName },
                  {
                    key: 'where',
                    label: t('details.agreement.where'),
                    children: `${data.stateName}, ${data.city}`,
                  },
                  {
                    key: 'address',
                    label: t('details.agreement.property'),
                    children: data.propertyAddress,
                  },
                  {
                    key: 'rent',
                    label: t('details.agreement.rent'),
                    children: formatRupees(data.rent),
                  },
                  {
                    key: 'deposit',
                    label: t('details.agreement.deposit'),
                    children: formatRupees(data.deposit),
                  },
                  {
                    key: 'maintenance',
                    label: t('details.agreement.maintenance'),
                    children: formatRupees(data.maintenance),
                  },
                  { key: 'start', label: t('details.agreement.start'), children: data.startDate },
                  {
                    key: 'term',
                    label: t('details.agreement.term'),
                    children: months(data.termMonths),
                  },
                  {
                    key: 'lock',
                    label: t('details.agreement.lockIn'),
                    children: months(data.lockInMonths),
                  },
                  {
                    key: 'notice',
                    label: t('details.agreement.notice'),
                    children: months(data.noticeMonths),
                  },
                  {
                    key: 'increase',
                    label: t('details.agreement.increase'),
                    children: `${data.yearlyIncreasePercent}%`,
                  },
                  {
                    key: 'furnishings',
                    label: t('details.agreement.furnishings'),
                    children: data.furnishings.join(', ') || '—',
                  },
                ]}
              />
            </Card>
            <Card size="small" className="rent-card" title={t('details.timeline')}>
              <Timeline
                className="rent-timeline"
                items={data.timeline.map((entry, index) => ({
                  key: index,
                  children: (
                    <>
                      <strong>{timelineWord(t, entry.kind)}</strong> {formatDateTime(entry.at)}
                      {entry.detail && entry.kind !== 'paid' && <div>{entry.detail}</div>}
                    </>
                  ),
                }))}
              />
            </Card>
            <PinConfirmModal
              open={paying}
              title={t('details.pay.title')}
              loading={sending}
              error={payError}
              okText={t('details.pay.ok')}
              onConfirm={(pin) => void pay(pin)}
              onCancel={() => !sending && setPaying(false)}
            >
              <p>{t('details.pay.text', { reference: data.reference })}</p>
            </PinConfirmModal>
          </>
        )}
      </AdminPage>
    </RequireMenuItem>
  );
}

/** A draft's price, quoted now by the rule that will charge it, and Pay. */
function DraftPrice({ data, onPay }: { data: RentDetailsDto; onPay: () => void }) {
  const { t } = useTranslation('rent');
  const quote = useRentQuote({
    state: data.state,
    rent: String(data.rent),
    deposit: String(data.deposit),
    termMonths: data.termMonths,
    yearlyIncreasePercent: String(data.yearlyIncreasePercent),
    propertyKind: data.propertyKind,
  });
  return (
    <>
      <RentBreakdown
        loading={quote.isFetching}
        breakdown={quote.data && { ...quote.data, basis: quote.data.stampRule.basis }}
      />
      <Button type="primary" size="large" block className="rent-add" onClick={onPay}>
        {t('details.pay.button')}
      </Button>
    </>
  );
}
