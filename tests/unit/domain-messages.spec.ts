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
import {
  ACCOUNTED,
  declaredMessageObjects,
  serverCatalogue,
  SHOWN,
} from './api-messages.catalogue.js';
import { domainCatalogue } from './domain-messages.catalogue.js';
import { ClientMessages } from '../../apps/console/src/api/clientMessages.js';
import { WalletMessages } from '../../apps/api/src/wallet/wallet-messages.js';
import { BeneficiaryMessages } from '../../apps/api/src/beneficiaries/beneficiary-messages.js';
import { ReconciliationMessages } from '../../apps/api/src/monthly-stats/reconciliation-messages.js';

/**
 * Issue 30: every message of libs/domain, of the API's own `*Messages` objects and of the
 * console's client has its Hindi in the console's `messages` namespace, under the English they
 * say (a function message as its template), and the console's `localizeMessage` finds it from
 * the English the API or a rule gives.
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

/** What a file of messages may import values from, besides libs/domain. */
const LIGHT = /-messages\.js$|\.messages\.js$|\/body-depth\.js$/;

describe('the messages namespace', () => {
  const domain = domainCatalogue();
  const server = serverCatalogue(domain.english);
  const english = new Map([...domain.english, ...server.english]);

  it('has a template for every function message of libs/domain', () => {
    // A new function in a *Messages object needs its entry in FUNCTION_MESSAGES.
    expect(domain.unspecified).toEqual([]);
  });

  it('has a template for every function message of the API and the client', () => {
    // A new function in one of SHOWN's objects needs its entry in API_FUNCTION_MESSAGES.
    expect(server.unspecified).toEqual([]);
  });

  it('accounts for every *Messages object of the API and the console', () => {
    // A new object: import it into SHOWN (from a file of messages alone), or say in
    // ENGLISH_ONLY why no one reads it on a screen.
    const declared = declaredMessageObjects();
    expect([...declared.keys()].filter((name) => !ACCOUNTED.has(name))).toEqual([]);
    expect([...ACCOUNTED].filter((name) => !declared.has(name))).toEqual([]);
  });

  it('imports the API objects from files of messages alone (the unit tier stays light)', () => {
    const declared = declaredMessageObjects();
    const heavy = Object.keys(SHOWN).filter((name) => {
      const file = declared.get(name);
      if (!file) return true;
      const source = readFileSync(resolve(import.meta.dirname, '../..', file), 'utf8');
      // Type imports vanish; a value may come from libs/domain or another file of messages.
      const imports = [...source.matchAll(/^import\s(?!type\s)[^;]*?from '([^']+)'/gms)];
      return imports.some(([, from]) => from !== '@khata/domain' && !LIGHT.test(from!));
    });
    expect(heavy).toEqual([]);
  });

  it('holds every message of libs/domain, the API and the client, in its exact English, and nothing else', () => {
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

describe('localizing the API’s and the client’s own messages', () => {
  it('turns a fixed one into Hindi, and leaves it English in English', () => {
    expect(inHindi(WalletMessages.toSelf)).toBe('आप अपने ही वॉलेट में पैसे नहीं भेज सकते।');
    expect(inEnglish(WalletMessages.toSelf)).toBe('You cannot send money to your own wallet.');
    expect(inHindi(ClientMessages.unreachable)).toBe(
      'Khata से कनेक्ट नहीं हो पा रहा। कृपया अपना इंटरनेट कनेक्शन जाँचें।',
    );
  });

  it('finds one the API shares with libs/domain under the domain’s key', () => {
    expect(inHindi(WalletMessages.recipientNotFound)).toBe('यूज़र नहीं मिला');
  });

  it('puts a function message’s values in their place', () => {
    expect(inHindi(BeneficiaryMessages.tooManyChecks(4))).toBe(
      'बहुत बार खाता वेरिफ़ाई किया गया। कृपया 4 मिनट बाद फिर से कोशिश करें।',
    );
    expect(inHindi(BeneficiaryMessages.textTooLong('Bank name'))).toBe(
      'Bank name ज़्यादा से ज़्यादा 120 अक्षरों का हो सकता है।',
    );
  });

  it('translates Monthly Stats’ reconciliation differences, figures carried as sent', () => {
    expect(inHindi(ReconciliationMessages.unbalancedEvent('812', 'wallet.transferred'))).toBe(
      'एंट्री 812 (wallet.transferred) का जोड़ शून्य नहीं है',
    );
    expect(inHindi(ReconciliationMessages.walletChainBroken('a1b2', 100.5, 20, 120))).toBe(
      'वॉलेट a1b2: बैलेंस 100.5 + 20 का जोड़ 120 नहीं है',
    );
    expect(inHindi(ReconciliationMessages.closingDiffers('wallet', 'a1b2', 10, 12.5))).toBe(
      'wallet खाता a1b2: आख़िरी बैलेंस लेजर में 10, रिपोर्ट में 12.5',
    );
  });
});
