import { BUSINESS_TIME_ZONE, inrPerUnitString, type MicroRupees } from '@khata/domain';
import { currentLanguage } from '../../../i18n/i18n';
import { INTL_LOCALES, type Language } from '../../../i18n/languages';

const rateFormats = new Map<Language, Intl.NumberFormat>();
const dateFormats = new Map<Language, Intl.DateTimeFormat>();

function rateFormat(language: Language): Intl.NumberFormat {
  let format = rateFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[language], {
      style: 'currency',
      currency: 'INR',
      numberingSystem: 'latn',
      minimumFractionDigits: 2,
      maximumFractionDigits: 6,
    });
    rateFormats.set(language, format);
  }
  return format;
}

function dateFormat(language: Language): Intl.DateTimeFormat {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALES[language], {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: BUSINESS_TIME_ZONE,
      numberingSystem: 'latn',
    });
    dateFormats.set(language, format);
  }
  return format;
}

/** A rate with the decimals it has, at least 2, in the current language: ₹88.75, ₹83.123456. */
export function formatRate(rate: MicroRupees, language: Language = currentLanguage()): string {
  return rateFormat(language).format(inrPerUnitString(rate) as Intl.StringNumericLiteral);
}

/** When a rate was set, on Indian time: "20 Nov 2026, 10:00 am" / "20 नव॰ 2026, 10:00 am". */
export function formatRateDate(date: Date, language: Language = currentLanguage()): string {
  return dateFormat(language).format(date);
}

/** A foreign amount in hundredths of its unit, 2 decimals for every currency: "$120.30". */
export function formatForeignAmount(
  hundredths: number,
  currency: string,
  language: Language = currentLanguage(),
): string {
  const sign = hundredths < 0 ? '-' : '';
  const digits = String(Math.abs(hundredths)).padStart(3, '0');
  return new Intl.NumberFormat(INTL_LOCALES[language], {
    style: 'currency',
    currency,
    numberingSystem: 'latn',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(`${sign}${digits.slice(0, -2)}.${digits.slice(-2)}` as Intl.StringNumericLiteral);
}
