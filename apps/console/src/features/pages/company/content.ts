import type { Highlight, PageIntroContent } from '../content-types';

export const aboutIntro: PageIntroContent = {
  eyebrow: 'About Khata',
  title: 'About us',
  lead: "We build the payments counter for India's neighbourhood shops: the kirana store that pays electricity bills, the mobile shop that sends money home for migrant workers, and the distributors who keep those shops running.",
};

export const story: string[] = [
  'Khata began with a simple observation. In most Indian towns, the nearest place to pay a bill, withdraw cash with Aadhaar or send money to a bank account is not a bank branch but a shop on the same street. The shopkeeper is trusted, open late and knows the customer by name. What the shopkeeper often lacks is a system that is as careful with money as they are.',
  'Khata Payments Pvt. Ltd. gives those shops one wallet for their working capital and the services their customers ask for: bank payouts by IMPS, NEFT and RTGS, wallet-to-wallet transfers, AEPS cash withdrawals and settlement, utility bill payments, rent agreements and document services.',
  'Behind every screen is a double-entry ledger. Every rupee that enters or leaves a wallet is recorded twice, nothing is edited or deleted, and mistakes are corrected in the open with a reversing entry. It is the same discipline banks use, made simple enough for a busy counter.',
  'We work through networks of distributors and super distributors who onboard, fund and support retailers in their area. They see the health of their whole network in one place, and earn on the business they help to grow.',
];

export const values: Highlight[] = [
  {
    title: 'Every rupee accounted for',
    body: 'Balances come from the ledger, never from a number typed into a form. A retailer can check any balance line by line.',
  },
  {
    title: 'Safe by default',
    body: 'A PIN on every payment, limits that protect against mistakes, and sessions you can end from anywhere if a phone is lost.',
  },
  {
    title: 'Plain words',
    body: 'Fees are shown before you pay, errors say what went wrong and what to do, and our terms say what they mean.',
  },
  {
    title: 'Built for the counter',
    body: 'Screens that work on a budget phone over a weak connection, receipts that print on a small printer, and support in Hindi and English.',
  },
];

export const audiences: Highlight[] = [
  {
    title: 'Retailers',
    body: 'Kirana stores, mobile and electronics shops, photocopy centres and travel agents who serve walk-in customers.',
  },
  {
    title: 'Distributors and super distributors',
    body: "Local entrepreneurs who build and fund a network of retailers and earn on their network's business.",
  },
  {
    title: 'Partners and businesses',
    body: 'Companies that pay vendors and staff from one wallet, or offer their own services through our retail network.',
  },
];
