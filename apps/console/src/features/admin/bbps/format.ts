import {
  checkAmountAgainstBill,
  checkBbpsPaymentForm,
  DEFAULT_BBPS_LIMITS,
  parseRupees,
  type BbpsExactness,
  type Check,
  type Paise,
} from '@khata/domain';

/*
 * Issue 27: the bill payment screens' small pure rules, in a module with no relative imports
 * so the unit tests (tests/unit/bbps-console.spec.ts, Node's module resolution) can load it.
 */

/** Not final yet: Bharat BillPay has not confirmed; the screen reads it again. */
export function inFlight(status: string): boolean {
  return status === 'queued' || status === 'processing';
}

/**
 * The amount a payment may take, the API's rules in its words: rupees with 2 decimals, within
 * the limits (a credit card's own), and against a fetched bill the biller's exactness (an
 * `EXACT` biller also takes the bill's early or late amount).
 */
export function checkPayAmount(
  typed: unknown,
  against: { bill: Paise; exactness: BbpsExactness; alternatives?: readonly Paise[] } | null,
  max: Paise = DEFAULT_BBPS_LIMITS.perPayment,
): Check<Paise> {
  const form = checkBbpsPaymentForm(
    // The mobile is checked by its own field; a valid one here keeps this the amount's rule.
    { amount: typed, customerMobile: '9876543210' },
    DEFAULT_BBPS_LIMITS,
    max,
  );
  if (!form.ok) return form;
  if (!against) return { ok: true, value: form.value.amount };
  // The bill's early or late amount is as exact as its amount (the API's rule).
  if (against.exactness === 'EXACT' && against.alternatives?.includes(form.value.amount)) {
    return { ok: true, value: form.value.amount };
  }
  return checkAmountAgainstBill(against.exactness, against.bill, form.value.amount);
}

/** The bill's amount in paise from the API's rupees; undefined when it is not an amount. */
export function billPaise(rupees: number): Paise | undefined {
  const parsed = parseRupees(String(rupees));
  return parsed.ok ? parsed.value : undefined;
}

/**
 * The device's fix kept by the admin area's location gate, as BBPS's "lat,long" geocode; none
 * when the browser gave none (the API then takes the shop's registered location).
 */
export function geocodeOf(
  location: { latitude: string; longitude: string } | undefined,
): string | undefined {
  if (!location) return undefined;
  const lat = Number(location.latitude);
  const long = Number(location.longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(long)) return undefined;
  return `${lat.toFixed(4)},${long.toFixed(4)}`;
}

/**
 * A date the API gives as YYYY-MM-DD (or ISO), as India reads it: "28 Nov 2026" ("28 नव॰ 2026"
 * with `hi-IN`). The screens pass the current language's locale (words.ts); no i18n import here,
 * so the unit tests load this module as it is.
 */
export function formatBillDate(value: string | null | undefined, locale = 'en-IN'): string {
  if (!value) return '—';
  const date = new Date(value.length === 10 ? `${value}T12:00:00+05:30` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'Asia/Kolkata',
    numberingSystem: 'latn',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(date);
}

/** Where the shop's postal code is remembered on this device (BBPS asks it on every call). */
const POSTAL_CODE_KEY = 'bbpsPostalCode';

/** The postal code the shop gave last on this device, if any. */
export function rememberedPostalCode(storage: {
  getItem(key: string): string | null;
}): string | undefined {
  try {
    const stored = storage.getItem(POSTAL_CODE_KEY);
    return stored && /^[1-9]\d{5}$/.test(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the postal code for the next bill (storage may be full or disabled: then it is not). */
export function rememberPostalCode(
  storage: { setItem(key: string, value: string): void },
  postalCode: string,
): void {
  try {
    storage.setItem(POSTAL_CODE_KEY, postalCode);
  } catch {
    // Typed again next time.
  }
}
