import { BUSINESS_TIME_ZONE, parseRupees } from '@khata/domain';
import { formatMoney } from '../../i18n/format';
import { currentLanguage } from '../../i18n/i18n';
import { INTL_LOCALES, type Language } from '../../i18n/languages';

/** Rupees from the API's rupee number (`₹1,23,456.78`) in the current language, a dash when it is not one. */
export function rupees(value: unknown): string {
  const parsed = parseRupees(typeof value === 'number' ? String(Math.abs(value)) : '');
  if (!parsed.ok) return '—';
  return formatMoney(typeof value === 'number' && value < 0 ? -parsed.value : parsed.value);
}

function perLanguage(options: Intl.DateTimeFormatOptions) {
  const made = new Map<Language, Intl.DateTimeFormat>();
  return (language: Language) => {
    let format = made.get(language);
    if (!format) {
      format = new Intl.DateTimeFormat(INTL_LOCALES[language], {
        ...options,
        timeZone: BUSINESS_TIME_ZONE,
        numberingSystem: 'latn',
      });
      made.set(language, format);
    }
    return format;
  };
}

const toTheMinute = perLanguage({ dateStyle: 'medium', timeStyle: 'short' });
const toTheSecond = perLanguage({ dateStyle: 'medium', timeStyle: 'medium' });

/**
 * A date and time as people in India read it, in India's time (IST) whatever the browser's zone
 * (issue 23: a partner's server room may be anywhere), in the current language, or a dash.
 */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  return toTheMinute(currentLanguage()).format(new Date(iso));
}

/** A time to the second, in IST: a webhook's tries are seconds apart. */
export function whenExact(iso: string | null | undefined): string {
  if (!iso) return '—';
  return `${toTheSecond(currentLanguage()).format(new Date(iso))} IST`;
}
