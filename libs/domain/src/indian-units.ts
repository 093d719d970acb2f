/**
 * One unit for a whole axis or column of rupee figures, the Indian way (issue 23: a chart axis
 * read "90K" next to "1.8L"). The unit is chosen once from the largest figure, so every tick
 * is in the same unit and the axis names it: "₹ in lakh", then 0.5, 1, 1.5.
 */
export interface IndianScale {
  /** Rupees per unit: 1, 1,000, 1,00,000 or 1,00,00,000. */
  divisor: number;
  /** The unit's word, or '' for plain rupees. */
  unit: '' | 'thousand' | 'lakh' | 'crore';
  /** What the axis says: "₹", "₹ in thousand", "₹ in lakh", "₹ in crore". */
  label: string;
}

const SCALES: readonly IndianScale[] = [
  { divisor: 1_00_00_000, unit: 'crore', label: '₹ in crore' },
  { divisor: 1_00_000, unit: 'lakh', label: '₹ in lakh' },
  { divisor: 1_000, unit: 'thousand', label: '₹ in thousand' },
];
const RUPEES: IndianScale = { divisor: 1, unit: '', label: '₹' };
const figure = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** The unit for figures up to `largest` rupees (its size, whatever its sign). */
export function indianScale(largest: number): IndianScale {
  const size = Math.abs(largest);
  return SCALES.find((scale) => size >= scale.divisor) ?? RUPEES;
}

/** A figure in rupees written in a scale's unit, without the unit: 150000 in lakh → "1.5". */
export function inScale(rupees: number, scale: IndianScale): string {
  return figure.format(rupees / scale.divisor);
}
