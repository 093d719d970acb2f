/** Marketing copy of the home page, kept apart from its layout. */

export interface Highlight {
  title: string;
  body: string;
}

export const services: Highlight[] = [
  {
    title: 'Wallet',
    body: 'Keep your working capital in one Khata wallet and see the balance, to the paisa, on every screen. Liens and security deposits are shown apart from what you can spend.',
  },
  {
    title: 'Bank payouts',
    body: 'Pay saved, verified beneficiaries in any Indian bank by IMPS, NEFT or RTGS. Confirm with your PIN, follow the status live and print the receipt for your customer.',
  },
  {
    title: 'Wallet-to-wallet transfers',
    body: "Send money to another Khata wallet with the holder's 10-digit mobile number. You see the holder's name before you pay, so money reaches the right shop.",
  },
  {
    title: 'AEPS settlement',
    body: 'Move your Aadhaar-enabled payment earnings to your approved bank account, with the settlement fee shown before you confirm.',
  },
  {
    title: 'Utility bill payments',
    body: 'Collect electricity, water, gas, broadband, mobile and DTH bills at your counter, and give every customer a printed receipt.',
  },
];

export const audiences: Highlight[] = [
  {
    title: 'Retailers',
    body: 'Serve walk-in customers from one counter: cash to bank transfers, bill payments and AEPS, with a receipt for every rupee.',
  },
  {
    title: 'Distributors and super distributors',
    body: "Onboard retailers, fund their wallets and follow your network's payments and earnings in one place.",
  },
];

export const safeguards: Highlight[] = [
  {
    title: 'A PIN on every payment',
    body: 'Payouts and transfers ask for your transaction PIN, and repeated wrong PINs lock money movement.',
  },
  {
    title: 'A ledger that adds up',
    body: 'Every movement is a balanced double-entry record. Nothing is edited or deleted; mistakes are reversed in the open.',
  },
  {
    title: 'You control your sessions',
    body: 'See where your account last signed in, and sign out a lost phone from anywhere.',
  },
];
