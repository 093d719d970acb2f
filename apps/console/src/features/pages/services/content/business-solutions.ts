import { PAYOUT_CAP, UNLIMITED_PAYOUT_CAP } from '@khata/domain';
import { AppPath } from '../../../../app/paths';
import { wholeRupees } from '../../format';
import type { ServicePageContent } from '../service-page-content';

export const businessSolutions: ServicePageContent = {
  intro: {
    eyebrow: 'For distributors, partners and businesses',
    title: 'Business solutions',
    lead: 'Run a network of retailers, pay vendors and staff from one wallet, or bring Khata services to your own customers. Every rupee sits on a double-entry ledger that you can check line by line.',
  },
  actions: [
    { label: 'Talk to our team', to: AppPath.contactUs, primary: true },
    { label: 'Partner login', to: AppPath.partnerLogin },
  ],
  offer: {
    title: 'What businesses use Khata for',
    intro: 'One account, with the controls a business needs: roles, approvals and reports.',
    items: [
      {
        title: 'Distributor network',
        body: 'Onboard retailers, fund their wallets, approve their payment requests and see the earnings of your whole network. Super distributors see the distributors below them too.',
      },
      {
        title: 'Bulk payouts',
        body: 'Pay vendors, delivery partners or salaries by IMPS, NEFT or RTGS to verified beneficiaries, each payout confirmed with a PIN and tracked until the bank answers.',
      },
      {
        title: 'Collections into your wallet',
        body: 'Retailers and partners send payment requests with the bank reference of their deposit; you approve them and the wallet is credited with a ledger entry for each.',
      },
      {
        title: 'Ledger and reports',
        body: 'Opening and closing balances, every credit and debit with the balance after it, and statements you can download for your accountant.',
      },
      {
        title: 'Staff accounts',
        body: 'Give counter staff their own login with only the services they need, so each person signs for their own work and the owner sees it all.',
      },
      {
        title: 'Partner programme',
        body: 'Banks, fintechs and service providers can offer their services through our retail network. Partners get their own area to follow volumes and settlements.',
      },
    ],
  },
  steps: {
    title: 'Getting started',
    intro: 'Most businesses are live within a week of the first call.',
    items: [
      {
        title: 'Tell us what you need',
        body: 'A short call with our business team about your network, volumes and the services you want.',
      },
      {
        title: 'Business KYC',
        body: 'We verify your company documents, the signatory and the bank account that will fund your wallet.',
      },
      {
        title: 'Set up your account',
        body: 'We create your account, your rate card and, for networks, your first retailers with you.',
      },
      {
        title: 'Go live',
        body: 'Fund your wallet and make your first payouts with our team on call for the first week.',
      },
    ],
  },
  faqs: {
    title: 'Questions from businesses',
    items: [
      {
        question: 'How is a distributor paid for the network?',
        answer:
          'Distributors earn a share of the fees and commissions of the retailers they onboard, at the rates agreed in their rate card. Earnings are credited to the distributor wallet and show in the ledger.',
      },
      {
        question: 'Is there a limit on a single payout?',
        answer: `A payout from your wallet must be less than ${wholeRupees(PAYOUT_CAP)}. Larger payments, below ${wholeRupees(UNLIMITED_PAYOUT_CAP)}, are made by our operations team on your written request, after additional checks.`,
      },
      {
        question: 'Can my accountant see the ledger without making payments?',
        answer:
          'Yes. Ask us for a reports-only login for your accountant; it can read the ledger and statements but cannot move money.',
      },
    ],
  },
  closing: {
    title: 'Let us plan it with you',
    body: 'Tell us about your business and the services you need. Our team replies within one working day.',
    action: { label: 'Contact us', to: AppPath.contactUs },
  },
};
