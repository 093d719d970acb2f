import { amountToWords, amountToWordsHindi, type Check } from '@khata/domain';
import { currentLanguage } from './i18n';
import type { Language } from './languages';

/**
 * An amount in words, in English or Hindi (lakh, crore in both), by the rules of libs/domain.
 * A module of its own, apart from `format.ts`: the public pages format amounts, and the two
 * languages' word tables would otherwise ride in their first load.
 */
export function amountInWords(
  input: unknown,
  language: Language = currentLanguage(),
): Check<string> {
  return language === 'hi' ? amountToWordsHindi(input) : amountToWords(input);
}
