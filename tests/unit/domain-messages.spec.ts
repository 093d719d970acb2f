import { describe, expect, it } from '@jest/globals';
import {
  AepsMessages,
  Messages,
  RentMessages,
  signedOutIdle,
  TextMessages,
  UsersAdminMessages,
} from '@khata/domain';
import { createInstance } from 'i18next';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { localizeWith, messageIndex, textsOf } from '../../apps/console/src/i18n/messageIndex.js';
import { domainCatalogue } from './domain-messages.catalogue.js';

/**
 * Issue 30: every message of libs/domain has its Hindi in the console's `messages` namespace,
 * under the English the domain says (a function message as its template), and the console's
 * `localizeMessage` finds it from the English the API or a rule gives.
 */
const locales = resolve(import.meta.dirname, '../../apps/console/src/i18n/locales');
const read = (language: string) =>
  JSON.parse(readFileSync(resolve(locales, language, 'messages.json'), 'utf8')) as Record<
    string,
    unknown
  >;
const en = read('en');
const hi = read('hi');
const englishTexts = new Map(textsOf(en));
const hindiTexts = new Map(textsOf(hi));
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

const i18n = createInstance();
void i18n.init({
  lng: 'hi',
  fallbackLng: 'en',
  resources: { en: { messages: en }, hi: { messages: hi } },
  interpolation: { escapeValue: false },
  initAsync: false,
});
const index = messageIndex(en);
const inLanguage = (language: 'en' | 'hi') => (english: string) =>
  language === 'en'
    ? english
    : localizeWith(index, english, (key, values) =>
        i18n.t(key, { ns: 'messages', lng: language, ...values }),
      );
const inHindi = inLanguage('hi');
const inEnglish = inLanguage('en');

describe('the messages namespace', () => {
  const { english, unspecified } = domainCatalogue();

  it('has a template for every function message of libs/domain', () => {
    // A new function in a *Messages object needs its entry in FUNCTION_MESSAGES.
    expect(unspecified).toEqual([]);
  });

  it('holds every message of libs/domain, in its exact English, and nothing else', () => {
    expect(Object.fromEntries(englishTexts)).toEqual(Object.fromEntries(english));
  });

  it('has a Hindi text, with the same placeholders, for every message', () => {
    const missing = [...english.keys()].filter((key) => !hindiTexts.get(key)?.trim());
    expect(missing).toEqual([]);
    expect([...hindiTexts.keys()].filter((key) => !english.has(key))).toEqual([]);
    const differing = [...english].filter(
      ([key, text]) => placeholders(text).join() !== placeholders(hindiTexts.get(key)!).join(),
    );
    expect(differing).toEqual([]);
  });

  it('finds each fixed message from its English, and each template from a filled one', () => {
    const lost: string[] = [];
    for (const [key, text] of english) {
      const names = placeholders(text);
      const values = Object.fromEntries(names.map((name, at) => [name, `v${at}-${name}`]));
      const filled = text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]!);
      const wanted = hindiTexts
        .get(key)!
        .replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]!);
      // Two keys may share an English (TextMessages and NoticeMessages): either Hindi will do.
      const same = [...english].filter(([, other]) => other === text).map(([other]) => other);
      const hindi = inHindi(filled);
      const accepted = same.map((other) =>
        hindiTexts.get(other)!.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]!),
      );
      if (!accepted.includes(hindi)) lost.push(`${key}: ${hindi} (wanted ${wanted})`);
    }
    expect(lost).toEqual([]);
  });
});

describe('localizing a message', () => {
  it('leaves English as it is, and an unknown message as it is in Hindi', () => {
    expect(inEnglish(Messages.mobileTenDigits)).toBe('Mobile number must be 10 digits');
    expect(inHindi('Something nobody wrote.')).toBe('Something nobody wrote.');
  });

  it('turns a fixed message into Hindi', () => {
    expect(inHindi(Messages.mobileTenDigits)).toBe('मोबाइल नंबर 10 अंकों का होना चाहिए');
    expect(inHindi(Messages.userNotFound)).toBe('यूज़र नहीं मिला');
  });

  it('puts the values of a function message in their place in the Hindi', () => {
    expect(inHindi(AepsMessages.amountBelowMinimum({ minimum: 100_00 } as never))).toBe(
      'कम से कम राशि ₹100.00 है।',
    );
    expect(inHindi(signedOutIdle(15))).toBe(
      '15 मिनट तक कोई गतिविधि न होने पर आपको लॉगआउट कर दिया गया। कृपया फिर से लॉग इन करें।',
    );
    expect(inHindi(signedOutIdle(1))).toBe(
      '1 मिनट तक कोई गतिविधि न होने पर आपको लॉगआउट कर दिया गया। कृपया फिर से लॉग इन करें।',
    );
    expect(inHindi(TextMessages.notAllowed('Remark'))).toBe(
      'Remark में ऐसे अक्षर हैं जिनकी अनुमति नहीं है (कंट्रोल कैरेक्टर या टूटा यूनिकोड)।',
    );
    expect(inHindi(UsersAdminMessages.tooManyForCsv(2_50_000))).toMatch(
      /^सूची में 2,50,000 यूज़र हैं, जो एक डाउनलोड की सीमा [\d,]+ से ज़्यादा हैं।/,
    );
  });

  it('translates a message carried inside another one', () => {
    expect(inHindi(RentMessages.partyMobile('Tenant 2', Messages.mobileTenDigits))).toBe(
      'किरायेदार 2: मोबाइल नंबर 10 अंकों का होना चाहिए',
    );
  });
});
