import { type AmountWords, readAmount, readWhole } from './amount-in-words.js';
import type { Check } from './check.js';

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

export const HINDI_AMOUNT_WORDS: AmountWords = {
  belowHundred: (n) => BELOW_HUNDRED[n],
  hundred: 'सौ',
  scales: {
    padma: 'पद्म',
    nil: 'नील',
    kharab: 'खरब',
    arab: 'अरब',
    crore: 'करोड़',
    lakh: 'लाख',
    thousand: 'हज़ार',
  },
  paise: 'पैसे',
  and: 'और',
};

/**
 * The Hindi reading of an amount, with `amountToWords`' rules (two decimal digits, truncated;
 * the same refusals): 123456.78 → "एक लाख तेईस हज़ार चार सौ छप्पन और अठहत्तर पैसे". Like the
 * English one it names no currency for the rupees; the caller adds "रुपये".
 */
export function amountToWordsHindi(input: unknown): Check<string> {
  return readAmount(input, HINDI_AMOUNT_WORDS);
}

/** A whole number in Indian-grouped Hindi words: 100000 → "एक लाख". */
export function wholeToHindiWords(n: bigint): string {
  return readWhole(n, HINDI_AMOUNT_WORDS);
}
