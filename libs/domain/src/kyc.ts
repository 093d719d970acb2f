import { fail, pass, type Check } from './check.js';
import { needsKyc, serviceInfo, type ServiceKey } from './services.js';
import type { RoleKind } from './roles.js';

/**
 * KYC (issue 12): a user sends their PAN, the last 4 digits of their Aadhaar and a shop photo;
 * an admin approves or rejects it with a reason; payouts and AEPS stay off until it is approved.
 *
 * none → submitted → approved | rejected (with a reason) → (send again) submitted.
 */
export const KYC_STATES = ['none', 'submitted', 'approved', 'rejected'] as const;
export type KycState = (typeof KYC_STATES)[number];

/** A submission's own states: it is made `submitted` and decided once. */
export type KycSubmissionState = Exclude<KycState, 'none'>;

export function isKycState(value: unknown): value is KycState {
  return KYC_STATES.some((state) => state === value);
}

/** The form field of the shop photo or proof (multipart). */
export const KYC_PHOTO_FIELD = 'shopPhoto';
/** Phone photos of a shop run larger than a profile picture; 2 MB holds a clear one. */
export const KYC_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** The longest rejection reason we keep. */
export const KYC_REASON_MAX = 300;

export const KycMessages = {
  panRequired: 'Please enter your PAN.',
  panInvalid: 'Please enter a valid PAN: 5 letters, 4 digits and a letter, e.g. ABCDE1234F.',
  aadhaarRequired: 'Please enter the last 4 digits of your Aadhaar.',
  aadhaarFull:
    'Please enter only the last 4 digits of your Aadhaar. We never take the full Aadhaar number.',
  aadhaarInvalid: 'Aadhaar last 4 must be exactly 4 digits.',
  photoRequired: 'Please upload a photo of your shop or a shop proof.',
  photoTooLarge: 'The shop photo must be at most 2 MB.',
  photoNotAnImage: 'The shop photo must be a PNG, JPEG or WebP image.',
  photoOneFile: `Please send one shop photo, in the form field "${KYC_PHOTO_FIELD}".`,
  uploadUnreadable: 'The upload could not be read. Please send the form as multipart/form-data.',
  submitted: 'Your KYC has been sent. We will let you know once it is verified.',
  alreadySubmitted: 'Your KYC is already waiting for review.',
  alreadyApproved: 'Your KYC is already approved.',
  reasonRequired: 'Please give a reason for rejecting this KYC.',
  reasonTooLong: `The reason can be at most ${KYC_REASON_MAX} characters.`,
  actionInvalid: 'Action must be approve or reject.',
  idInvalid: 'Please choose a KYC submission.',
  notFound: 'KYC submission not found.',
  alreadyDecided: (state: KycSubmissionState) => `This KYC has already been ${state}.`,
  approved: 'KYC approved.',
  rejected: 'KYC rejected.',
  stateInvalid: 'State must be submitted, approved or rejected.',
  panSaved: 'Your PAN is on file.',
  panAlreadyOnFile: 'Your PAN is already on file. To change it, send your KYC again.',
  noPanOnFile: 'No PAN on file',
  noPanWithheld: 'No PAN on file: TDS on commission is withheld at 20% instead of 2%.',
  notChecked: 'Not checked',
  noPanTds:
    'No PAN on file: TDS on your commission is withheld at 20% (section 206AA) instead of 2%. Add your PAN to pay the lower rate.',
  addPanTask: 'Add your PAN: without one, TDS on commission is withheld at 20% instead of 2%.',
} as const;

/**
 * What a user's KYC rests on, as every screen shows it: `checked` when an approved submission
 * (documents an admin looked at) is behind the state, `panOnFile` when TDS can be withheld at
 * the PAN rate. A user grandfathered as approved, or a partner an admin vetted at creation,
 * holds `approved` with nothing checked.
 */
export interface KycFacts {
  state: KycState;
  checked: boolean;
  panOnFile: boolean;
}

/** The states' own names, as filters, the reviewers' queue and the CSV exports say them. */
export const KYC_STATE_LABELS: Readonly<Record<KycState, string>> = {
  none: 'Not sent',
  submitted: 'Being verified',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** "Approved" only when documents were checked; an approval with nothing behind it says so. */
export function kycLabel(facts: Pick<KycFacts, 'state' | 'checked'>): string {
  return facts.state === 'approved' && !facts.checked
    ? KycMessages.notChecked
    : KYC_STATE_LABELS[facts.state];
}

/** A state's own name (filters, the reviewers' queue). */
export function kycStateLabel(state: KycState): string {
  return KYC_STATE_LABELS[state];
}

/** The dashboard asks for a PAN when payouts run on an approval that has none on file. */
export function asksForPan(kind: RoleKind, facts: KycFacts): boolean {
  return needsKyc(kind) && facts.state === 'approved' && !facts.panOnFile;
}

/** Why money cannot move yet, by the user's KYC state (payouts and AEPS, API and console). */
export function kycPendingMessage(state: KycState): string {
  switch (state) {
    case 'submitted':
      return 'Your KYC is being verified. Payouts and AEPS are switched on once it is approved.';
    case 'rejected':
      return 'Your KYC was rejected. Please send it again: payouts and AEPS are switched on once it is approved.';
    default:
      return 'Please complete your KYC. Payouts and AEPS are switched on once our team has verified it.';
  }
}

/**
 * What the console tells a user about KYC (issue 23): what it switches on, named from the
 * services that wait for it, or nothing when nothing waits (a basic user with no services is
 * not promised payouts). Once approved there is nothing to wait for.
 */
export function kycPromise(state: KycState, awaiting: readonly ServiceKey[]): string | undefined {
  if (state === 'approved' || awaiting.length === 0) return undefined;
  const names = awaiting.map((key) => serviceInfo(key).label);
  const what =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const on = `${what} ${names.length === 1 ? 'is' : 'are'} switched on once it is approved.`;
  switch (state) {
    case 'submitted':
      return `Your KYC is being verified. ${on}`;
    case 'rejected':
      return `Your KYC was rejected. Please send it again: ${on}`;
    default:
      return `Please complete your KYC. ${on}`;
  }
}

/** What KYC does for a user whose services need none: said plainly, with no promise. */
export const KYC_SWITCHES_NOTHING =
  'Your account has no service that waits for KYC, so KYC switches nothing on today. If a payout or AEPS service is given to you later, it works once your KYC is approved.';

/** Indian PAN: five letters, four digits, a letter (taken in any case, kept upper case). */
export function checkPan(input: unknown): Check<string> {
  if (typeof input !== 'string' || input.trim() === '') return fail(KycMessages.panRequired);
  const pan = input.trim().toUpperCase();
  return /^[A-Z]{5}[0-9]{4}[A-Z]$/.test(pan) ? pass(pan) : fail(KycMessages.panInvalid);
}

/**
 * What the audit log keeps of a PAN (issue 31): its last 4 characters, `******234F`. The first
 * five letters are the holder's kind and surname initial; none of it is shown.
 */
export function maskPan(pan: string): string {
  return `${'*'.repeat(Math.max(pan.length - 4, 0))}${pan.slice(-4)}`;
}

/**
 * The last 4 digits of an Aadhaar, never more. A full 12-digit number (with or without
 * spaces) is refused with its own words, and the caller must neither keep nor log it.
 */
export function checkAadhaarLast4(input: unknown): Check<string> {
  if (typeof input !== 'string' && typeof input !== 'number') {
    return fail(KycMessages.aadhaarRequired);
  }
  const value = String(input).trim();
  if (value === '') return fail(KycMessages.aadhaarRequired);
  const digits = value.replace(/[\s-]/g, '');
  if (/^[0-9]{12}$/.test(digits)) return fail(KycMessages.aadhaarFull);
  return /^[0-9]{4}$/.test(value) ? pass(value) : fail(KycMessages.aadhaarInvalid);
}

/** A rejection needs a reason a person can act on; an approval takes none. */
export function checkKycReason(action: 'approve' | 'reject', input: unknown): Check<string | null> {
  const reason = typeof input === 'string' ? input.trim() : '';
  if (action === 'approve') return pass(reason === '' ? null : reason.slice(0, KYC_REASON_MAX));
  if (reason === '') return fail(KycMessages.reasonRequired);
  return reason.length > KYC_REASON_MAX ? fail(KycMessages.reasonTooLong) : pass(reason);
}

export function checkKycAction(input: unknown): Check<'approve' | 'reject'> {
  return input === 'approve' || input === 'reject' ? pass(input) : fail(KycMessages.actionInvalid);
}

/** May this user move money out (payouts, AEPS settlement, AEPS accounts) as far as KYC goes? */
export function kycAllowsPayouts(kind: RoleKind, state: KycState): boolean {
  return !needsKyc(kind) || state === 'approved';
}
