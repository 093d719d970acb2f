import {
  amountToWords,
  amountToWordsHindi,
  BUSINESS_TIME_ZONE,
  indiaDayStart,
  rupeesString,
  type Check,
  type Paise,
} from '@khata/domain';
import { currentLanguage } from './i18n';
import { INTL_LOCALES, type Language } from './languages';

/**
 * The console's one way to show a figure (issue 30): amounts, counts and dates through Intl in
 * the current language, India's way in both (₹ first, lakh and crore grouping, Latin digits as
 * Indian fintech apps print them, dates in India's time zone). Plain functions, not a hook, so
 * table columns and receipts call them too; a component that shows them re-renders on a language
 * change through its `useTranslation`.
 */
function perLanguage<T>(make: (locale: string) => T): (language: Language) => T {
  const made = new Map<Language, T>();
  return (language) => {
    let value = made.get(language);
    if (!value) made.set(language, (value = make(INTL_LOCALES[language])));
    return value;
  };
}

const rupees = perLanguage(
  (locale) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'INR',
      numberingSystem: 'latn',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);
const counts = perLanguage((locale) => new Intl.NumberFormat(locale, { numberingSystem: 'latn' }));
const dates = perLanguage(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      timeZone: BUSINESS_TIME_ZONE,
      numberingSystem: 'latn',
      day: '2-digit',
      month: 'short',
      year: 'numeric',
    }),
);
const dateTimes = perLanguage(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      timeZone: BUSINESS_TIME_ZONE,
      numberingSystem: 'latn',
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

/**
 * `₹1,23,456.78`, `-₹5.00`: paise shown exactly. Intl reads the decimal string, never a float, so
 * no amount is rounded on its way to the screen.
 */
export function formatMoney(paise: Paise, language: Language = currentLanguage()): string {
  return rupees(language).format(rupeesString(paise) as `${number}`);
}

/** 12,34,567: a count with Indian grouping. */
export function formatCount(n: number | bigint, language: Language = currentLanguage()): string {
  return counts(language).format(n);
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function dateOf(value: unknown): Date | null {
  if (typeof value === 'string' && ISO_DAY.test(value)) return indiaDayStart(value);
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) {
    return null;
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "27 Nov 2026" / "27 नव॰ 2026": a day (`YYYY-MM-DD`) or a moment, read in India; "—" when neither. */
export function formatDate(value: unknown, language: Language = currentLanguage()): string {
  const date = dateOf(value);
  return date ? dates(language).format(date) : '—';
}

/** "27 Nov 2026, 10:54 am": a moment in India's time; "—" when it is none. */
export function formatDateTime(value: unknown, language: Language = currentLanguage()): string {
  const date = dateOf(value);
  return date ? dateTimes(language).format(date) : '—';
}

/** An amount in words, in English or Hindi (lakh, crore in both), by the rules of libs/domain. */
export function amountInWords(
  input: unknown,
  language: Language = currentLanguage(),
): Check<string> {
  return language === 'hi' ? amountToWordsHindi(input) : amountToWords(input);
}
