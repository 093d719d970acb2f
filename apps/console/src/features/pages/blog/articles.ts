import { IMPS_MAX, PAYOUT_CAP, RTGS_MIN } from '@khata/domain';
import type { PageIntroContent } from '../content-types';
import { wholeRupees } from '../format';

export const blogIntro: PageIntroContent = {
  eyebrow: 'The Khata blog',
  title: 'Blog',
  lead: 'Practical notes for retailers and distributors: payment rails explained, counter safety, and how to read your own numbers.',
};

export interface Article {
  slug: string;
  title: string;
  /** ISO date of publication. */
  published: string;
  author: string;
  summary: string;
  body: string[];
}

/** Newest first. */
export const articles: Article[] = [
  {
    slug: 'imps-neft-rtgs',
    title: 'IMPS, NEFT or RTGS: which one should your customer choose?',
    published: '2026-10-28',
    author: 'Arjun Mehta, Product',
    summary:
      'Three ways to send money to a bank account, and a simple rule for picking one at the counter.',
    body: [
      'When a customer asks you to send money to a bank account, Khata offers three payment modes. All three reach any bank in India; they differ in speed, timing and the amounts they carry.',
      `IMPS (Immediate Payment Service) is the default on Khata, and for good reason. It works every hour of every day, including Sundays and bank holidays, and the money usually reaches the account within seconds. It is the right choice for almost every payment your customers make, up to ${wholeRupees(IMPS_MAX)}.`,
      'NEFT (National Electronic Funds Transfer) settles in half-hourly batches, also round the clock. It is slightly slower than IMPS, so a payment may take up to an hour to show. Some customers prefer it for rent or fee payments where a few minutes do not matter.',
      `RTGS (Real Time Gross Settlement) is meant for large amounts: the minimum is ${wholeRupees(RTGS_MIN)}. Because a Khata payout from a wallet must be less than ${wholeRupees(PAYOUT_CAP)}, RTGS is used mostly by businesses whose larger payments we make on request.`,
      'The simple rule: choose IMPS unless the customer has a reason not to. Whatever the mode, check the account number and IFSC with the customer before you confirm, and print the receipt with the bank reference once the payment succeeds.',
    ],
  },
  {
    slug: 'aeps-counter-safety',
    title: 'Five habits that keep your AEPS counter safe',
    published: '2026-09-30',
    author: 'Priya Nair, Risk',
    summary:
      'Aadhaar-enabled payments are trusted because they are hard to misuse. These habits keep it that way.',
    body: [
      'AEPS lets a customer withdraw cash, check a balance or get a mini statement with nothing but their Aadhaar number and a fingerprint. That convenience depends on the retailer following a few habits every time.',
      'First, let the customer place their own finger on the scanner. Never take a fingerprint "for later", and never keep impressions on paper, film or silicone: it is a crime, and the RD service is built to detect it.',
      'Second, read the amount aloud before the customer authenticates, and turn the screen towards them. Most disputes come from a misunderstood amount, not from fraud.',
      'Third, give a receipt for every transaction, including failed ones. A failed withdrawal with a receipt is easy to trace; one without is a long argument.',
      'Fourth, keep your registered device updated and plugged directly into the computer, not through a loose hub. Fifth, never share your login or PIN with staff: give each person their own account, so everyone signs for their own work.',
    ],
  },
  {
    slug: 'eleven-month-rent-agreement',
    title: 'Why a rent agreement is usually made for 11 months',
    published: '2026-08-19',
    author: 'Kavita Rao, Legal',
    summary:
      'The 11-month agreement is not a law of nature. Here is where it comes from and when another term makes sense.',
    body: [
      'Ask anyone who has rented a flat in India how long their agreement runs and the answer is almost always 11 months. The reason lies in the Registration Act, 1908: a lease of immovable property for 12 months or more must be registered with the sub-registrar, which means a visit, registration fees and often a higher stamp duty.',
      'An 11-month agreement falls below that line. It still needs to be on stamp paper of the right value for the state, and it is still a binding contract between landlord and tenant, but it can be made and signed without a trip to the registrar.',
      'That does not make 11 months right for everyone. A shop that plans to stay five years is better protected by a longer, registered lease with a fixed rent increase; a tenant who moves every year gains little from one. Some states, such as Maharashtra, require registration of leave-and-licence agreements of any term, and make it possible online.',
      'When you make a rent agreement with Khata, the screen tells you the stamp duty for the property’s state and whether the chosen term needs registration, before your customer pays anything.',
    ],
  },
  {
    slug: 'reading-your-ledger',
    title: 'Reading your Khata ledger: balances, liens and security deposits',
    published: '2026-07-08',
    author: 'Rohit Verma, Finance',
    summary:
      'Why your wallet shows more than one number, and how to check any balance line by line.',
    body: [
      'Your Khata dashboard shows your wallet balance at the top of every screen. Next to it you may see two more amounts: a lien and a security deposit. Both are your money, but neither can be spent right now.',
      'A lien is an amount held against a specific event, such as a payout that is waiting for the bank to confirm it or a disputed transaction under review. When the event is resolved, the lien is released: back to your balance if the payment failed, or out of your wallet if it succeeded.',
      'A security deposit is an amount your distributor or Khata holds as long as your account is active, as agreed when you joined. It is returned when the account is closed and every transaction has settled.',
      'The ledger report lists every credit and debit with the balance after it, between an opening and a closing balance. Because every entry is recorded twice and nothing is ever edited, the closing balance is always the opening balance plus the credits minus the debits. If a number ever looks wrong, the ledger shows you exactly which entry made it.',
    ],
  },
];

const WORDS_PER_MINUTE = 200;

export function readingMinutes(article: Article): number {
  const words = article.body.join(' ').split(/\s+/).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
