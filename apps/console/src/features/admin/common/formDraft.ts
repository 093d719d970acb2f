/**
 * Issue 23: the draft of a money form in progress, kept in this tab's sessionStorage under the
 * user's id, so a session that ends at midnight (or any forced logout) does not lose it: after
 * signing in again the same user finds it filled in. Never a PIN: callers pass only the fields
 * they keep. Gone when the tab closes, when the payment is made, or when the form is emptied.
 */
const PREFIX = 'khata_draft';

function keyOf(userId: string, form: string): string {
  return `${PREFIX}:${userId}:${form}`;
}

export function readDraft<T extends object>(userId: string, form: string): Partial<T> | undefined {
  try {
    const stored = window.sessionStorage.getItem(keyOf(userId, form));
    const draft = stored ? (JSON.parse(stored) as unknown) : undefined;
    return draft && typeof draft === 'object' ? (draft as Partial<T>) : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the fields that have a value; an empty draft is forgotten. */
export function saveDraft(userId: string, form: string, values: Record<string, unknown>): void {
  const kept = Object.fromEntries(
    Object.entries(values).filter(
      ([field, value]) => field !== 'pin' && value !== undefined && value !== null && value !== '',
    ),
  );
  try {
    if (Object.keys(kept).length === 0) window.sessionStorage.removeItem(keyOf(userId, form));
    else window.sessionStorage.setItem(keyOf(userId, form), JSON.stringify(kept));
  } catch {
    // Storage full or refused (private mode): the form works without a draft.
  }
}

export function clearDraft(userId: string, form: string): void {
  try {
    window.sessionStorage.removeItem(keyOf(userId, form));
  } catch {
    // Nothing kept.
  }
}
