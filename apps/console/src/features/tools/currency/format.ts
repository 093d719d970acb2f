import { inrPerUnitString, type MicroRupees } from '@khata/domain';

const rateFormat = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 6,
});

/** A rate with the decimals it has, at least 2: ₹88.75, ₹0.574, ₹83.123456. */
export function formatRate(rate: MicroRupees): string {
  return rateFormat.format(inrPerUnitString(rate) as Intl.StringNumericLiteral);
}

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/** When a rate was set, on Indian time: "20 Nov 2026, 10:00 am". */
export function formatRateDate(date: Date): string {
  return dateFormat.format(date);
}
