import { useState } from 'react';
import { Alert, Card, Form, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { BbpsCatalogueMessages } from '@khata/domain';
import {
  useBbpsBiller,
  useBbpsBillers,
  useBbpsCategories,
  type BbpsBillerDto,
  type BbpsPaymentDto,
} from './api';
import { BbpsResult } from './BbpsResult';
import { BillPayForm } from './BillPayForm';
import './bbps.css';
import { localizeMessage } from '../../../i18n/messages';

export interface BbpsDeskProps {
  /** A biller fixed by the screen (DHBVN): no choice of category or biller. */
  billerId?: string;
  /** A category fixed by the screen (credit cards): the biller is chosen within it. */
  category?: string;
  /** The category chosen first (the hub's `?category=`), still changeable. */
  initialCategory?: string;
  /** The biller select's label and placeholder ("Card’s bank" for credit cards). */
  billerLabel?: { label: string; placeholder: string };
}

/**
 * Issue 27: the bill payment desk every BBPS screen is: the biller (chosen by category and a
 * searchable select, or fixed by the screen), its form, and the last payment's result beside
 * it on a wide screen (below it on a phone).
 */
export function BbpsDesk({ billerId, category, initialCategory, billerLabel }: BbpsDeskProps) {
  const { t } = useTranslation('bbps');
  const [answer, setAnswer] = useState<BbpsPaymentDto>();
  // A new form after each payment: the next customer starts clean, and the paid one's details
  // are not left on screen to be paid twice.
  const [round, setRound] = useState(0);
  const paid = (payment: BbpsPaymentDto) => {
    setAnswer(payment);
    setRound((count) => count + 1);
  };
  return (
    <div className="bbps-layout">
      <Card className="admin-card bbps-form">
        {billerId ? (
          <FixedBiller id={billerId} round={round} onPaid={paid} />
        ) : (
          <ChosenBiller
            category={category}
            initialCategory={initialCategory}
            billerLabel={
              billerLabel ?? { label: t('desk.biller'), placeholder: t('desk.billerPlaceholder') }
            }
            round={round}
            onPaid={paid}
          />
        )}
      </Card>
      {answer && <BbpsResult key={answer.id} known={answer} onDone={() => setAnswer(undefined)} />}
    </div>
  );
}

interface PickProps {
  round: number;
  onPaid: (payment: BbpsPaymentDto) => void;
}

function FixedBiller({ id, round, onPaid }: PickProps & { id: string }) {
  const biller = useBbpsBiller(id);
  if (biller.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (biller.isError) return <Alert type="error" showIcon title={biller.error.message} />;
  return (
    <>
      <BillerHeading biller={biller.data} />
      <BillPayForm key={`${biller.data.id}:${round}`} biller={biller.data} onPaid={onPaid} />
    </>
  );
}

function ChosenBiller({
  category: fixed,
  initialCategory,
  billerLabel,
  round,
  onPaid,
}: PickProps & {
  category?: string;
  initialCategory?: string;
  billerLabel: { label: string; placeholder: string };
}) {
  const { t } = useTranslation('bbps');
  const categories = useBbpsCategories();
  const [chosenCategory, setCategory] = useState(initialCategory);
  const category = fixed ?? chosenCategory;
  const billers = useBbpsBillers(category);
  const [billerId, setBillerId] = useState<string>();
  const biller = billers.data?.find((one) => one.id === billerId);

  return (
    <>
      <Form layout="vertical" requiredMark="optional" className="bbps-pick">
        {!fixed && (
          <Form.Item label={t('desk.category')} required htmlFor="bbps-category">
            <Select
              id="bbps-category"
              size="large"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('desk.categoryPlaceholder')}
              loading={categories.isPending}
              value={category}
              onChange={(code: string) => {
                setCategory(code);
                setBillerId(undefined);
              }}
              options={(categories.data ?? []).map((one) => ({ value: one.code, label: one.name }))}
            />
          </Form.Item>
        )}
        {category && (
          <Form.Item
            label={billerLabel.label}
            required
            htmlFor="bbps-biller"
            validateStatus={billers.isError ? 'error' : undefined}
            help={billers.isError ? billers.error.message : undefined}
          >
            <Select
              id="bbps-biller"
              size="large"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={billerLabel.placeholder}
              loading={billers.isPending}
              value={billerId}
              onChange={setBillerId}
              notFoundContent={
                billers.isPending
                  ? undefined
                  : localizeMessage(BbpsCatalogueMessages.billerNotFound)
              }
              options={(billers.data ?? []).map((one) => ({
                value: one.id,
                label:
                  one.coverage && one.coverage !== 'National'
                    ? `${one.name} (${one.coverage})`
                    : one.name,
                disabled: !one.active,
              }))}
            />
          </Form.Item>
        )}
      </Form>
      {biller && <BillPayForm key={`${biller.id}:${round}`} biller={biller} onPaid={onPaid} />}
    </>
  );
}

/** The fixed biller's name and where it serves, above its form. */
function BillerHeading({ biller }: { biller: BbpsBillerDto }) {
  return (
    <p className="bbps-biller">
      <strong>{biller.name}</strong>
      <span>
        {biller.categoryName} · {biller.coverage}
      </span>
    </p>
  );
}
