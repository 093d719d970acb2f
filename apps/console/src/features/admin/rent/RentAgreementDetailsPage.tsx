import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Input, Popconfirm, Space, Tag, Timeline } from 'antd';
import { plural } from '@khata/domain';
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
import { STATUS_COLOURS, TIMELINE_WORDS } from './words';
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
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ type: 'error' | 'success'; text: string }>();
  const label = `${party.role === 'landlord' ? 'Landlord' : 'Tenant'} ${party.position + 1}`;
  if (party.signedAt) {
    return <Tag color="green">Signed {formatDateTime(party.signedAt)}</Tag>;
  }
  if (agreement.status !== 'signing') return <Tag>Not signed</Tag>;
  const send = async () => {
    setBusy(true);
    setNote(undefined);
    try {
      await sendSignOtp(agreement.id, party.id);
      setNote({ type: 'success', text: `OTP sent to XXXXXX${party.mobile.slice(-4)}.` });
    } catch (error) {
      setNote({ type: 'error', text: error instanceof Error ? error.message : 'Not sent.' });
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
      setNote({ type: 'error', text: error instanceof Error ? error.message : 'Not signed.' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <div className="rent-sign-row">
        <Button onClick={() => void send()} loading={busy} aria-label={`Send OTP to ${label}`}>
          Send OTP
        </Button>
        <Input
          className="rent-otp"
          inputMode="numeric"
          maxLength={6}
          placeholder="6-digit OTP"
          aria-label={`OTP of ${label}`}
          value={otp}
          onChange={(event) => setOtp(event.target.value.replace(/\D/g, ''))}
        />
        <Button
          type="primary"
          disabled={otp.length !== 6}
          loading={busy}
          onClick={() => void sign()}
          aria-label={`Sign as ${label}`}
        >
          eSign
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
      setMessage({ type: 'success', text: answer.message ?? 'Paid.' });
      settle(answer.data);
    } catch (error) {
      key.settle(error);
      setPayError(error instanceof Error ? error.message : 'The payment was not sent.');
    } finally {
      setSending(false);
    }
  };
  const act = async (action: 'cancel' | 'stamp') => {
    if (!data) return;
    setMessage(undefined);
    try {
      const answer = await rentAction(data.id, action);
      setMessage({ type: 'success', text: answer.message ?? 'Done.' });
      settle(answer.data);
    } catch (error) {
      setMessage({ type: 'error', text: error instanceof Error ? error.message : 'Not done.' });
    }
  };

  return (
    <RequireMenuItem item="rentalAgreements">
      <AdminPage
        title={data ? `Rent agreement ${data.reference}` : 'Rent agreement'}
        actions={
          data && (
            <Space wrap>
              <Button onClick={() => void downloadRentPdf(data)}>
                {data.status === 'completed' ? 'Download signed PDF' : 'Download draft PDF'}
              </Button>
              {mine && (data.status === 'draft' || data.status === 'paid') && (
                <Popconfirm
                  title={
                    data.status === 'paid'
                      ? 'Cancel and refund the stamp duty and service charge?'
                      : 'Cancel this draft?'
                  }
                  okText="Cancel agreement"
                  cancelText="Keep"
                  onConfirm={() => void act('cancel')}
                >
                  <Button danger>Cancel</Button>
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
            <Card size="small" className="rent-card" title="Status">
              <Space wrap>
                <Tag color={STATUS_COLOURS[data.status]}>{data.statusLabel}</Tag>
                {data.estampCertificate && <span>E-stamp {data.estampCertificate}</span>}
                {data.refunded && <Tag color="blue">Refunded</Tag>}
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
            <Card size="small" className="rent-card" title="Price">
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
                  Buy the e-stamp again
                </Button>
              )}
            </Card>
            <Card size="small" className="rent-card" title="Parties and signatures">
              <Descriptions
                column={1}
                size="small"
                bordered
                items={data.parties.map((party) => ({
                  key: party.id,
                  label: `${party.role === 'landlord' ? 'Landlord' : 'Tenant'} ${party.position + 1}: ${party.name}`,
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
                    `Signed ${formatDateTime(party.signedAt)}`
                  ) : (
                    'Not signed'
                  ),
                }))}
              />
            </Card>
            <Card size="small" className="rent-card" title="Agreement">
              <Descriptions
                column={{ xs: 1, md: 2 }}
                size="small"
                items={[
                  { key: 'shop', label: 'Shop', children: data.shopName },
                  {
                    key: 'where',
                    label: 'State, city',
                    children: `${data.stateName}, ${data.city}`,
                  },
                  { key: 'address', label: 'Property', children: data.propertyAddress },
                  { key: 'rent', label: 'Rent', children: formatRupees(data.rent) },
                  { key: 'deposit', label: 'Deposit', children: formatRupees(data.deposit) },
                  {
                    key: 'maintenance',
                    label: 'Maintenance',
                    children: formatRupees(data.maintenance),
                  },
                  { key: 'start', label: 'Start', children: data.startDate },
                  { key: 'term', label: 'Term', children: plural(data.termMonths, 'month') },
                  { key: 'lock', label: 'Lock-in', children: plural(data.lockInMonths, 'month') },
                  { key: 'notice', label: 'Notice', children: plural(data.noticeMonths, 'month') },
                  {
                    key: 'increase',
                    label: 'Yearly increase',
                    children: `${data.yearlyIncreasePercent}%`,
                  },
                  {
                    key: 'furnishings',
                    label: 'Furnishings',
                    children: data.furnishings.join(', ') || '—',
                  },
                ]}
              />
            </Card>
            <Card size="small" className="rent-card" title="Timeline">
              <Timeline
                className="rent-timeline"
                items={data.timeline.map((entry, index) => ({
                  key: index,
                  children: (
                    <>
                      <strong>{TIMELINE_WORDS[entry.kind] ?? entry.kind}</strong>{' '}
                      {formatDateTime(entry.at)}
                      {entry.detail && entry.kind !== 'paid' && <div>{entry.detail}</div>}
                    </>
                  ),
                }))}
              />
            </Card>
            <PinConfirmModal
              open={paying}
              title="Pay for the rent agreement"
              loading={sending}
              error={payError}
              okText="Pay"
              onConfirm={(pin) => void pay(pin)}
              onCancel={() => !sending && setPaying(false)}
            >
              <p>
                Stamp duty and the service charge for {data.reference} are debited from your wallet;
                then the e-stamp is bought and the parties can sign.
              </p>
            </PinConfirmModal>
          </>
        )}
      </AdminPage>
    </RequireMenuItem>
  );
}

/** A draft's price, quoted now by the rule that will charge it, and Pay. */
function DraftPrice({ data, onPay }: { data: RentDetailsDto; onPay: () => void }) {
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
        Pay and buy the e-stamp
      </Button>
    </>
  );
}
