import type { FundRequestMode } from '@khata/domain';
import { i18n } from '../../../i18n/i18n';

/**
 * How the money was paid in, in the current language: each FUND_REQUEST_MODES value has its
 * key in the `fund-requests` namespace, English the domain's FUND_REQUEST_MODE_LABELS.
 */
const MODE_KEYS = {
  IMPS: 'fund-requests:mode.IMPS',
  NEFT: 'fund-requests:mode.NEFT',
  RTGS: 'fund-requests:mode.RTGS',
  UPI: 'fund-requests:mode.UPI',
  CASH: 'fund-requests:mode.CASH',
  CHEQUE: 'fund-requests:mode.CHEQUE',
} as const satisfies Record<FundRequestMode, string>;

/** The words of a payment mode (its component re-renders on a language change through `t`). */
export function modeLabel(mode: FundRequestMode): string {
  return i18n.t(MODE_KEYS[mode]);
}
