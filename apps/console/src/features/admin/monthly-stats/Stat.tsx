import type { TFunction } from 'i18next';
import type { CountAmount } from '@khata/domain';
import { formatCount } from '../../../i18n/format';

/** One figure of the month: what it is, its value, and a note under it. */
export function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div>
      <p className="admin-stat__label">{label}</p>
      <p className="admin-stat__value monthly-stats__value">{value}</p>
      {note && <p className="admin-stat__note">{note}</p>}
    </div>
  );
}

/** "3 transactions": how many a figure counts (`t` of the monthly-stats namespace). */
export const counted = (t: TFunction<'monthly-stats'>, figure: CountAmount) =>
  t('figures.transactions', { count: figure.count, n: formatCount(figure.count) });
