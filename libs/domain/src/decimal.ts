/**
 * Reads a non-negative decimal written the way people and JSON write rupees, as digit strings,
 * so no amount ever passes through float arithmetic. Internal to the library.
 */
export type DecimalReading =
  { kind: 'missing' } | { kind: 'invalid' } | { kind: 'decimal'; whole: string; fraction: string };

// Digits on both sides of the dot, as String(n) prints them: "1." and ".5" are refused
// because in a money field they are more often a typo than an amount.
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

// Below this a number prints in exponent form ("1e-7"); at or above the next it does too.
const SMALLEST_PLAIN = 1e-6;
const LARGEST_PLAIN = 1e21;

export function readDecimal(input: unknown): DecimalReading {
  if (input === undefined || input === null) return { kind: 'missing' };
  if (typeof input === 'number') return readNumber(input);
  if (typeof input !== 'string') return { kind: 'invalid' };
  const text = input.trim();
  if (text === '') return { kind: 'missing' };
  return readText(text);
}

function readNumber(n: number): DecimalReading {
  if (!Number.isFinite(n) || n < 0) return { kind: 'invalid' };
  // Doubles this large are whole numbers, so BigInt reads them exactly; rules downstream
  // then refuse them as too large rather than as malformed.
  if (n >= LARGEST_PLAIN) return { kind: 'decimal', whole: BigInt(n).toString(), fraction: '' };
  if (n > 0 && n < SMALLEST_PLAIN) {
    return { kind: 'decimal', whole: '0', fraction: n.toFixed(20).slice(2) };
  }
  return readText(String(n));
}

function readText(text: string): DecimalReading {
  const match = DECIMAL.exec(text);
  if (!match) return { kind: 'invalid' };
  return { kind: 'decimal', whole: match[1] ?? '0', fraction: match[2] ?? '' };
}
