/**
 * A provider rail's transaction status (DMT, AEPS, Bharat BillPay: the rails' one state machine,
 * queued → processing → processed | failed, and a DMT transfer's reversed) as a tag's colour.
 * Processing is the bank's "no final answer yet": settled by a status enquiry, never sent again.
 */
const RAIL_STATUS_COLORS = {
  queued: 'processing',
  processing: 'warning',
  processed: 'success',
  failed: 'error',
  reversed: 'error',
} as const;

export type RailStatus = keyof typeof RAIL_STATUS_COLORS;

export interface StatusLook {
  label: string;
  color: string;
}

/**
 * The status in the rail's own words (`status.<status>` in its texts, the current language) and
 * its colour; a status the rail does not know is shown as the API sent it.
 */
export function railStatusLook(
  t: (key: `status.${RailStatus}`) => string,
  status: string,
  known: readonly RailStatus[],
): StatusLook {
  return (known as readonly string[]).includes(status)
    ? {
        label: t(`status.${status as RailStatus}`),
        color: RAIL_STATUS_COLORS[status as RailStatus],
      }
    : { label: status, color: 'default' };
}
