import { AppPath } from '../../../../app/paths';
import type { ServicePageContent } from '../service-page-content';

export const utilityPayments: ServicePageContent = {
  intro: {
    eyebrow: 'Bill payments at your counter',
    title: 'Utility bill payments',
    lead: 'Let your customers pay electricity, water, gas, broadband, mobile and DTH bills at your shop. You collect the cash, Khata pays the biller from your wallet, and the customer leaves with a printed receipt.',
  },
  actions: [
    { label: 'Start collecting bills', to: AppPath.signup, primary: true },
    { label: 'Talk to us', to: AppPath.contactUs },
  ],
  offer: {
    title: 'Bills your customers can pay',
    intro:
      'Search for the biller by name, enter the customer number printed on the bill and we fetch the amount due before you collect a rupee.',
    items: [
      {
        title: 'Electricity',
        body: 'State boards and private distribution companies across India, including DHBVN, UHBVN, BSES, TPDDL, MSEDCL and BESCOM. The due date and late fee show before you pay.',
      },
      {
        title: 'Water and piped gas',
        body: 'Municipal water boards and city gas distributors such as IGL, MGL and Adani Total Gas, paid with the consumer or BP number from the bill.',
      },
      {
        title: 'Mobile and DTH',
        body: 'Postpaid mobile bills for every major operator, DTH for Tata Play, Airtel Digital TV, Dish TV and Sun Direct, and FASTag top-ups.',
      },
      {
        title: 'Broadband and landline',
        body: 'Monthly bills of the large broadband and landline providers, with the customer name confirmed by the biller so the money reaches the right account.',
      },
      {
        title: 'A receipt for every bill',
        body: 'Print or share a receipt with the biller reference number. If a customer comes back with a question, you find the payment in your transaction history in seconds.',
      },
      {
        title: 'Commission on each bill',
        body: 'You earn on every bill you collect, at the rate on your rate card. Earnings show in your ledger next to the payment that made them.',
      },
    ],
  },
  steps: {
    title: 'How a bill payment works',
    intro: 'Four steps, usually under a minute at the counter.',
    items: [
      {
        title: 'Pick the biller',
        body: 'Choose the category and search for the biller by name or state.',
      },
      {
        title: 'Fetch the bill',
        body: 'Enter the customer number from the bill. We show the name on the account, the amount due and the due date.',
      },
      {
        title: 'Collect and confirm',
        body: 'Collect the amount from your customer, then confirm with your transaction PIN. The amount leaves your Khata wallet only now.',
      },
      {
        title: 'Hand over the receipt',
        body: "Print the receipt with the biller's reference. Most billers update the account within one working day.",
      },
    ],
  },
  faqs: {
    title: 'Questions retailers ask',
    items: [
      {
        question: 'What happens if a bill payment fails?',
        answer:
          'When the biller does not accept a payment, the amount goes back to your Khata wallet automatically and the transaction shows as failed. You never have to chase a refund for a failed bill.',
      },
      {
        question: 'The customer says the bill still shows as unpaid. What should I do?',
        answer:
          'Some billers take up to three working days to update their records. Give the customer the reference number from your receipt; if the bill still shows unpaid after three working days, raise a Bharat BillPay complaint from the receipt: it is registered with BBPS and you follow it in My Complaints.',
      },
      {
        question: 'Can I pay a bill for any amount?',
        answer:
          'Most billers accept the exact amount due only; some allow part payments or advance payments. The screen tells you which, after you fetch the bill.',
      },
      {
        question: 'Do I need a separate wallet for bill payments?',
        answer:
          'No. Bills are paid from the same Khata wallet you use for payouts and transfers, so you keep one balance and one ledger.',
      },
    ],
  },
  closing: {
    title: 'Bring bill payments to your shop',
    body: 'Sign up with your mobile number and shop details. Once your KYC is verified, bill payments are switched on with the rest of your services.',
    action: { label: 'Sign Up', to: AppPath.signup },
  },
};
