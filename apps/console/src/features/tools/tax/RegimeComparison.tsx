import { useTranslation } from 'react-i18next';
import type { TaxComputation } from '@khata/domain';
import { formatCount, formatMoney } from '../../../i18n/format';
import { wholeRupees } from './rupees';
import type { RegimeComparison as Comparison } from './useTaxComparison';

const LINE_KEYS = {
  grossIncome: 'tax.lines.grossIncome',
  hraExemption: 'tax.lines.hraExemption',
  standardDeduction: 'tax.lines.standardDeduction',
  section80C: 'tax.lines.section80C',
  section80D: 'tax.lines.section80D',
  taxableIncome: 'tax.lines.taxableIncome',
  slabTax: 'tax.lines.slabTax',
  rebate: 'tax.lines.rebate',
  surcharge: 'tax.lines.surcharge',
  cess: 'tax.lines.cess',
  totalTax: 'tax.lines.totalTax',
} as const;

interface Line {
  label: keyof typeof LINE_KEYS;
  amount: (tax: TaxComputation) => number;
  /** Shown as a deduction: "− ₹75,000.00". */
  less?: boolean;
  /** Left out when both regimes have nothing on it. */
  optional?: boolean;
  total?: boolean;
}

const lines: Line[] = [
  { label: 'grossIncome', amount: (tax) => tax.grossIncome },
  {
    label: 'hraExemption',
    amount: (tax) => tax.hraExemption,
    less: true,
    optional: true,
  },
  { label: 'standardDeduction', amount: (tax) => tax.standardDeduction, less: true },
  { label: 'section80C', amount: (tax) => tax.section80C, less: true, optional: true },
  { label: 'section80D', amount: (tax) => tax.section80D, less: true, optional: true },
  { label: 'taxableIncome', amount: (tax) => tax.taxableIncome, total: true },
  { label: 'slabTax', amount: (tax) => tax.slabTax },
  { label: 'rebate', amount: (tax) => tax.rebate, less: true, optional: true },
  { label: 'surcharge', amount: (tax) => tax.surcharge, optional: true },
  { label: 'cess', amount: (tax) => tax.cess },
  { label: 'totalTax', amount: (tax) => tax.totalTax, total: true },
];

const shown = (line: Line, amount: number) =>
  line.less && amount > 0 ? `\u2212\u00a0${formatMoney(amount)}` : formatMoney(amount);

/** New and old regime side by side, line by line, and which one costs less. */
export function RegimeComparison({ comparison }: { comparison: Comparison }) {
  const { t } = useTranslation('tools');
  const { new: newRegime, old: oldRegime } = comparison;
  const visible = lines.filter(
    (line) => !line.optional || line.amount(newRegime) > 0 || line.amount(oldRegime) > 0,
  );
  return (
    <>
      <Verdict newTax={newRegime.totalTax} oldTax={oldRegime.totalTax} />
      <table className="tool-table tax-table">
        <caption className="visually-hidden">{t('tax.table.caption')}</caption>
        <thead>
          <tr>
            <td />
            <th scope="col">{t('tax.table.newRegime')}</th>
            <th scope="col">{t('tax.table.oldRegime')}</th>
          </tr>
        </thead>
        <tbody>
          {visible.map((line) => (
            <tr key={line.label} className={line.total ? 'tax-table__total' : undefined}>
              <th scope="row">{t(LINE_KEYS[line.label])}</th>
              <td>{shown(line, line.amount(newRegime))}</td>
              <td>{shown(line, line.amount(oldRegime))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="tax-slabs">
        <SlabWorking title={t('tax.slabs.newTitle')} tax={newRegime} />
        <SlabWorking title={t('tax.slabs.oldTitle')} tax={oldRegime} />
      </div>
    </>
  );
}

function Verdict({ newTax, oldTax }: { newTax: number; oldTax: number }) {
  const { t } = useTranslation('tools');
  const text =
    newTax === oldTax
      ? t('tax.verdict.same')
      : newTax < oldTax
        ? t('tax.verdict.newSaves', { amount: formatMoney(oldTax - newTax) })
        : t('tax.verdict.oldSaves', { amount: formatMoney(newTax - oldTax) });
  return <p className="tax-verdict">{text}</p>;
}

/** How the slab tax adds up, slab by slab, folded away until asked for. */
function SlabWorking({ title, tax }: { title: string; tax: TaxComputation }) {
  const { t } = useTranslation('tools');
  return (
    <details className="tax-slabs__regime">
      <summary>{title}</summary>
      <ul>
        {tax.slabs.map((slab) => (
          <li key={slab.from}>
            <span>
              {slab.upTo === null
                ? t('tax.slabs.above', {
                    from: wholeRupees(slab.from),
                    rate: formatCount(slab.ratePercent),
                  })
                : t('tax.slabs.range', {
                    from: wholeRupees(slab.from),
                    upTo: wholeRupees(slab.upTo),
                    rate: formatCount(slab.ratePercent),
                  })}
            </span>
            <span>{formatMoney(slab.tax)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
