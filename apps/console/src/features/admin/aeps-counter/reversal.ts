import type { TFunction } from 'i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { INTL_LOCALES } from '../../../i18n/languages';
import { reversalDay, reversalText } from './format';

/**
 * RBI's T+5 in the current language: the bank reverses a debited failure within 5 days (by the
 * day the API gave), so the shop pays no cash for it. Null when there is nothing to say.
 */
export function reversalWords(
  transaction: { status: string; bankDebited: boolean; reversalDueBy: string | null },
  t: TFunction<'aeps-counter'>,
): string | null {
  return reversalText(
    transaction,
    (due) => (due ? t('reversal.byDay', { due }) : t('reversal.within')),
    INTL_LOCALES[currentLanguage()],
  );
}

/** The day a reversal is due, in the current language's words ("3 Dec 2026"). */
export function reversalDayShown(reversalDueBy: string | null): string | null {
  return reversalDay(reversalDueBy, INTL_LOCALES[currentLanguage()]);
}
