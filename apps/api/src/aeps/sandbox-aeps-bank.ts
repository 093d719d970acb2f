import { createHash } from 'node:crypto';
import { addDays, type MiniStatementLine, type Paise, paiseToRupees, RUPEE } from '@khata/domain';

/**
 * The sandbox AEPS provider's pretend bank (sandbox-aeps-provider.ts decides the outcome; this
 * makes up what a bank would say): balances, mini-statement lines, RRNs and the agent's
 * references, each derived from what the sandbox keeps (the Aadhaar's last 4 digits, the
 * reference, the clock) so the same test number shows the same account every time.
 */

/**
 * The customer's made-up balance before the transaction, from the Aadhaar's last 4 digits so a
 * demo sees the same account each time: ₹12,000 to about ₹52,000 (above any one withdrawal),
 * or under ₹100 for an insufficient-funds account (01), whose withdrawal must fail.
 */
export function balanceBefore(last4: string, nearlyEmpty: boolean): Paise {
  const n = Number(last4);
  if (nearlyEmpty) {
    return (n % 97) * RUPEE + (n % 100);
  }
  return (12_000 + n * 4) * RUPEE + (n % 100);
}

const NARRATIONS: readonly { type: 'Cr' | 'Dr'; narration: string; rupees: number }[] = [
  { type: 'Dr', narration: 'AEPS CASH WITHDRAWAL', rupees: 1_500 },
  { type: 'Cr', narration: 'UPI/CR/PM-KISAN', rupees: 2_000 },
  { type: 'Dr', narration: 'ATM WDL SBI ATM', rupees: 3_000 },
  { type: 'Cr', narration: 'NEFT CR SALARY', rupees: 9_500 },
  { type: 'Dr', narration: 'POS KIRANA STORE', rupees: 430 },
];
/** How many India days before today each line is, newest first. */
const LINE_DAYS_AGO = [1, 4, 9, 15, 22];

/** Five plausible lines, newest first, dated India days before `today`. */
export function statementOf(last4: string, today: string): MiniStatementLine[] {
  const cents = Number(last4) % 100;
  return NARRATIONS.map((line, i) => ({
    date: addDays(today, -LINE_DAYS_AGO[i]!),
    type: line.type,
    amount: paiseToRupees(line.rupees * RUPEE + ((cents + i * 7) % 100)),
    narration: line.narration,
  }));
}

/**
 * A 12-digit RRN shaped as NPCI's are (the year's last digit, the day of the year and the hour,
 * India's, then a serial), the serial derived from the reference. The book keeps it, so every
 * answer about a reference carries the same one.
 */
export function rrnOf(at: Date, reference: string): string {
  const india = new Date(at.getTime() + IST_OFFSET_MS);
  const year = india.getUTCFullYear();
  const dayOfYear = Math.floor((india.getTime() - Date.UTC(year, 0, 1)) / DAY_MS) + 1;
  const hash = createHash('sha256').update(reference).digest('hex');
  const serial = BigInt(`0x${hash.slice(0, 12)}`) % 1_000_000n;
  return [
    year % 10,
    String(dayOfYear).padStart(3, '0'),
    String(india.getUTCHours()).padStart(2, '0'),
    String(serial).padStart(6, '0'),
  ].join('');
}

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** The provider's reference of an agent's e-KYC or daily login: `AG` and 12 characters. */
export function agentReference(seed: string): string {
  return `AG${createHash('sha256').update(seed).digest('hex').slice(0, 12).toUpperCase()}`;
}
