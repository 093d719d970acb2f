/**
 * Issue 24: what a pure decision answers when it says no. `kind` uses the API's error kinds
 * (apps/api common/errors.ts `ErrorKind`), so a handler throws it as it is; `auditReason` is
 * the reason written on the failure row of the audit log, null when the refusal is not audited.
 */
export type RefusalKind =
  'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'refused';

export interface Refusal {
  kind: RefusalKind;
  message: string;
  auditReason: string | null;
}

export function refusal(
  kind: RefusalKind,
  message: string,
  auditReason: string | null = null,
): Refusal {
  return { kind, message, auditReason };
}
