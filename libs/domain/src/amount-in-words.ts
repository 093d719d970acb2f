import { type Check, fail, pass } from './check.js';
import { readDecimal } from './decimal.js';
import { Messages } from './messages.js';

/** The largest rupee amount read in words: the safe-integer range every amount lives in. */
export const AMOUNT_WORDS_MAX_RUPEES = Number.MAX_SAFE_INTEGER;

/** Spec §9's Indian grouping, largest first. */
export const INDIAN_SCALES: ReadonlyArray<readonly [name: WordsScale, power: number]> = [
  ['padma', 15],
  ['nil', 13],
  ['kharab', 11],
  ['arab', 9],
  ['crore', 7],
  ['lakh', 5],
  ['thousand', 3],
];
export type WordsScale = 'padma' | 'nil' | 'kharab' | 'arab' | 'crore' | 'lakh' | 'thousand';

/** What a language needs to read an amount: its numbers below a hundred and its words. */
export interface AmountWords {
  belowHundred(n: number): string;
  hundred: string;
  scales: Readonly<Record<WordsScale, string>>;
  paise: string;
  and: string;
}

const ONES = (
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen ' +
  'fifteen sixteen seventeen eighteen nineteen'
).split(' ');
// Tens of 0 and 1 never reach TENS: below twenty reads from ONES.
const TENS = '_ _ twenty thirty forty fifty sixty seventy eighty ninety'.split(' ');

export const ENGLISH_AMOUNT_WORDS: AmountWords = {
  belowHundred(n) {
    if (n < 20) return ONES[n];
    const ones = n % 10;
    const tens = TENS[Math.floor(n / 10)];
    return ones === 0 ? tens : `${tens} ${ONES[ones]}`;
  },
  hundred: 'hundred',
  scales: {
    padma: 'padma',
    nil: 'nil',
    kharab: 'kharab',
    arab: 'arab',
    crore: 'crore',
    lakh: 'lakh',
    thousand: 'thousand',
  },
  paise: 'paise',
  and: 'and',
};

/**
 * "one lakh twenty three thousand four hundred fifty six and seventy eight paise". Only the
 * first two decimal digits are read (truncated, never rounded): 1.999 reads 99 paise.
 */
export function amountToWords(input: unknown): Check<string> {
  return readAmount(input, ENGLISH_AMOUNT_WORDS);
}

/** A whole number in Indian-grouped words, without "and": 100000 → "one lakh". */
export function wholeToWords(n: bigint): string {
  return readWhole(n, ENGLISH_AMOUNT_WORDS);
}

/** An amount read in a language's words, by the rules `amountToWords` states. */
export function readAmount(input: unknown, words: AmountWords): Check<string> {
  const reading = readDecimal(input);
  if (reading.kind !== 'decimal') return fail(Messages.amountToWordsInvalid);
  const rupees = BigInt(reading.whole);
  if (rupees > BigInt(AMOUNT_WORDS_MAX_RUPEES)) return fail(Messages.amountTooLarge);
  const paise = Number(reading.fraction.slice(0, 2).padEnd(2, '0'));

  if (paise === 0) return pass(readWhole(rupees, words));
  const paiseWords = `${words.belowHundred(paise)} ${words.paise}`;
  if (rupees === 0n) return pass(paiseWords);
  return pass(`${readWhole(rupees, words)} ${words.and} ${paiseWords}`);
}

/** A whole number in a language's Indian-grouped words. */
export function readWhole(n: bigint, words: AmountWords): string {
  if (n < 0n || n > BigInt(AMOUNT_WORDS_MAX_RUPEES)) {
    throw new RangeError(`Cannot read ${n} in words`);
  }
  if (n === 0n) return words.belowHundred(0);
  const read: string[] = [];
  let rest = n;
  for (const [name, power] of INDIAN_SCALES) {
    const scale = 10n ** BigInt(power);
    const count = rest / scale;
    rest %= scale;
    // Within the cap the padma count stays below 10, every other count below 100.
    if (count > 0n) read.push(belowThousand(Number(count), words), words.scales[name]);
  }
  if (rest > 0n) read.push(belowThousand(Number(rest), words));
  return read.join(' ');
}

function belowThousand(n: number, words: AmountWords): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const read = hundreds > 0 ? [words.belowHundred(hundreds), words.hundred] : [];
  if (rest > 0) read.push(words.belowHundred(rest));
  return read.join(' ');
}
