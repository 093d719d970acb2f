import { formatPaise, type TaxComputation } from '@khata/domain';
import type { RegimeComparison as Comparison } from './useTaxComparison';

interface Line {
  label: string;
  amount: (tax: TaxComputation) => number;
  /** Shown as a deduction: "− ₹75,000.00". */
  less?: boolean;
  /** Left out when both regimes have nothing on it. */
  optional?: boolean;
  total?: boolean;
}

const lines: Line[] = [
  { label: 'Gross income', amount: (tax) => tax.grossIncome },
  { label: 'HRA exemption', amount: (tax) => tax.hraExemption, less: true, optional: true },
  { label: 'Standard deduction', amount: (tax) => tax.standardDeduction, less: true },
  { label: 'Section 80C', amount: (tax) => tax.section80C, less: true, optional: true },
  { label: 'Section 80D', amount: (tax) => tax.section80D, less: true, optional: true },
  { label: 'Taxable income', amount: (tax) => tax.taxableIncome, total: true },
  { label: 'Tax on slabs', amount: (tax) => tax.slabTax },
  { label: 'Rebate under section 87A', amount: (tax) => tax.rebate, less: true, optional: true },
  { label: 'Surcharge', amount: (tax) => tax.surcharge, optional: true },
  { label: 'Health and education cess (4%)', amount: (tax) => tax.cess },
  { label: 'Total tax payable', amount: (tax) => tax.totalTax, total: true },
];

const shown = (line: Line, amount: number) =>
  line.less && amount > 0 ? `\u2212\u00a0${formatPaise(amount)}` : formatPaise(amount);

/** New and old regime side by side, line by line, and which one costs less. */
export function RegimeComparison({ comparison }: { comparison: Comparison }) {
  const { new: newRegime, old: oldRegime } = comparison;
  const visible = lines.filter(
    (line) => !line.optional || line.amount(newRegime) > 0 || line.amount(oldRegime) > 0,
  );
  return (
    <>
      <Verdict newTax={newRegime.totalTax} oldTax={oldRegime.totalTax} />
      <table className="tool-table tax-table">
        <caption className="visually-hidden">Income tax under the new and the old regime</caption>
        <thead>
          <tr>
            <td />
            <th scope="col">New regime</th>
            <th scope="col">Old regime</th>
          </tr>
        </thead>
        <tbody>
          {visible.map((line) => (
            <tr key={line.label} className={line.total ? 'tax-table__total' : undefined}>
              <th scope="row">{line.label}</th>
              <td>{shown(line, line.amount(newRegime))}</td>
              <td>{shown(line, line.amount(oldRegime))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="tax-slabs">
        <SlabWorking title="New regime slabs" tax={newRegime} />
        <SlabWorking title="Old regime slabs" tax={oldRegime} />
      </div>
    </>
  );
}

function Verdict({ newTax, oldTax }: { newTax: number; oldTax: number }) {
  const text =
    newTax === oldTax
      ? 'Both regimes come to the same tax.'
      : newTax < oldTax
        ? `The new regime saves you ${formatPaise(oldTax - newTax)}.`
        : `The old regime saves you ${formatPaise(newTax - oldTax)}.`;
  return <p className="tax-verdict">{text}</p>;
}

const wholeRupees = (paise: number) => formatPaise(paise).replace(/\.00$/, '');

/** How the slab tax adds up, slab by slab, folded away until asked for. */
function SlabWorking({ title, tax }: { title: string; tax: TaxComputation }) {
  return (
    <details className="tax-slabs__regime">
      <summary>{title}</summary>
      <ul>
        {tax.slabs.map((slab) => (
          <li key={slab.from}>
            <span>
              {slab.upTo === null
                ? `Above ${wholeRupees(slab.from)}`
                : `${wholeRupees(slab.from)} – ${wholeRupees(slab.upTo)}`}{' '}
              at {slab.ratePercent}%
            </span>
            <span>{formatPaise(slab.tax)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
