import { BUSINESS_TIME_ZONE, momentOf, rupeesString, type Paise } from '@khata/domain';
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
const DAY = { day: '2-digit', month: 'short', year: 'numeric' } as const;
const moments = (options: Intl.DateTimeFormatOptions) =>
  perLanguage(
    (locale) =>
      new Intl.DateTimeFormat(locale, {
        timeZone: BUSINESS_TIME_ZONE,
        numberingSystem: 'latn',
        ...options,
      }),
  );
const dates = moments(DAY);
const dateTimes = moments({ ...DAY, hour: '2-digit', minute: '2-digit' });

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

/** "27 Nov 2026" / "27 नव॰ 2026": a day (`YYYY-MM-DD`) or a moment, read in India; "—" when neither. */
export function formatDate(value: unknown, language: Language = currentLanguage()): string {
  const date = momentOf(value);
  return date ? dates(language).format(date) : '—';
}

/** "27 Nov 2026, 10:54 am": a moment in India's time; "—" when it is none. */
export function formatDateTime(value: unknown, language: Language = currentLanguage()): string {
  const date = momentOf(value);
  return date ? dateTimes(language).format(date) : '—';
}
