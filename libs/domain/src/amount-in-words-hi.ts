import { AMOUNT_WORDS_MAX_RUPEES, INDIAN_SCALES } from './amount-in-words.js';
import { type Check, fail, pass } from './check.js';
import { readDecimal } from './decimal.js';
import { Messages } from './messages.js';

/**
 * Hindi's numbers below a hundred: each has its own word (इक्कीस is not "बीस एक"), so they are
 * a table, not tens and ones as in English.
 */
const BELOW_HUNDRED = (
  'शून्य एक दो तीन चार पाँच छह सात आठ नौ ' +
  'दस ग्यारह बारह तेरह चौदह पंद्रह सोलह सत्रह अठारह उन्नीस ' +
  'बीस इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस अट्ठाईस उनतीस ' +
  'तीस इकतीस बत्तीस तैंतीस चौंतीस पैंतीस छत्तीस सैंतीस अड़तीस उनतालीस ' +
  'चालीस इकतालीस बयालीस तैंतालीस चवालीस पैंतालीस छियालीस सैंतालीस अड़तालीस उनचास ' +
  'पचास इक्यावन बावन तिरेपन चौवन पचपन छप्पन सत्तावन अट्ठावन उनसठ ' +
  'साठ इकसठ बासठ तिरेसठ चौंसठ पैंसठ छियासठ सड़सठ अड़सठ उनहत्तर ' +
  'सत्तर इकहत्तर बहत्तर तिहत्तर चौहत्तर पचहत्तर छिहत्तर सतहत्तर अठहत्तर उन्यासी ' +
  'अस्सी इक्यासी बयासी तिरासी चौरासी पचासी छियासी सत्तासी अट्ठासी नवासी ' +
  'नब्बे इक्यानवे बानवे तिरानवे चौरानवे पंचानवे छियानवे सत्तानवे अट्ठानवे निन्यानवे'
).split(' ');

/** The same Indian scales as the English reading, in Hindi. */
const SCALE_WORDS: Readonly<Record<string, string>> = {
  padma: 'पद्म',
  nil: 'नील',
  kharab: 'खरब',
  arab: 'अरब',
  crore: 'करोड़',
  lakh: 'लाख',
  thousand: 'हज़ार',
};

/**
 * The Hindi reading of an amount, as `amountToWords` reads it in English and with the same
 * rules (two decimal digits, truncated): 123456.78 → "एक लाख तेईस हज़ार चार सौ छप्पन और अठहत्तर
 * पैसे". Like the English one it names no currency for the rupees; the caller adds "रुपये".
 */
export function amountToWordsHindi(input: unknown): Check<string> {
  const reading = readDecimal(input);
  if (reading.kind !== 'decimal') return fail(Messages.amountToWordsInvalid);
  const rupees = BigInt(reading.whole);
  if (rupees > BigInt(AMOUNT_WORDS_MAX_RUPEES)) return fail(Messages.amountTooLarge);
  const paise = Number(reading.fraction.slice(0, 2).padEnd(2, '0'));

  if (paise === 0) return pass(wholeToHindiWords(rupees));
  const paiseWords = `${BELOW_HUNDRED[paise]} पैसे`;
  if (rupees === 0n) return pass(paiseWords);
  return pass(`${wholeToHindiWords(rupees)} और ${paiseWords}`);
}

/** A whole number in Indian-grouped Hindi words: 100000 → "एक लाख". */
export function wholeToHindiWords(n: bigint): string {
  if (n < 0n || n > BigInt(AMOUNT_WORDS_MAX_RUPEES)) {
    throw new RangeError(`Cannot read ${n} in words`);
  }
  if (n === 0n) return BELOW_HUNDRED[0];
  const words: string[] = [];
  let rest = n;
  for (const [name, power] of INDIAN_SCALES) {
    const scale = 10n ** BigInt(power);
    const count = rest / scale;
    rest %= scale;
    if (count > 0n) words.push(belowThousand(Number(count)), SCALE_WORDS[name]);
  }
  if (rest > 0n) words.push(belowThousand(Number(rest)));
  return words.join(' ');
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words = hundreds > 0 ? [BELOW_HUNDRED[hundreds], 'सौ'] : [];
  if (rest > 0) words.push(BELOW_HUNDRED[rest]);
  return words.join(' ');
}
