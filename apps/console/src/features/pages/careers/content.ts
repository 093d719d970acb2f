import type { Highlight, PageIntroContent } from '../content-types';

export const careersIntro: PageIntroContent = {
  eyebrow: 'Careers at Khata',
  title: 'Careers',
  lead: 'Help thousands of shopkeepers serve their customers better. We are a small team in Gurugram with colleagues in the field across North India, and we are hiring.',
};

export const reasons: Highlight[] = [
  {
    title: 'Work that is felt',
    body: 'A payout you ship on Monday is used at a counter in Jaipur on Tuesday. You will meet the retailers who use what you build.',
  },
  {
    title: 'Careful by habit',
    body: 'We move money for people who cannot afford mistakes, so we review, test and write things down. Nobody is blamed for raising a concern.',
  },
  {
    title: 'Fair pay and cover',
    body: 'Salaries benchmarked every year, health insurance for you and your family, and a learning budget for courses and books.',
  },
];

export interface Opening {
  id: string;
  title: string;
  team: string;
  location: string;
  type: string;
  summary: string;
  responsibilities: string[];
  requirements: string[];
}

export const openings: Opening[] = [
  {
    id: 'backend-engineer',
    title: 'Backend Engineer, Payments',
    team: 'Engineering',
    location: 'Gurugram (hybrid, 3 days in office)',
    type: 'Full-time',
    summary: 'Build the payout, wallet and ledger services that every Khata payment goes through.',
    responsibilities: [
      'Design and build APIs in TypeScript (NestJS) on PostgreSQL and Redis.',
      'Integrate bank and NPCI partners for IMPS, NEFT, RTGS and AEPS, including their failure modes.',
      'Keep the double-entry ledger correct: invariants, reconciliation jobs and tests.',
      'Take part in an on-call rota, one week in six, with time off in lieu.',
    ],
    requirements: [
      '3 or more years building backend services in production.',
      'Good SQL, and an understanding of transactions and isolation levels.',
      'Experience with payments or accounting systems is a plus, not a must.',
    ],
  },
  {
    id: 'field-sales-jaipur',
    title: 'Field Sales Executive, Retailer Onboarding',
    team: 'Sales',
    location: 'Jaipur, Rajasthan (field role)',
    type: 'Full-time',
    summary:
      'Bring new retailers onto Khata and help them make their first payments with confidence.',
    responsibilities: [
      'Visit shops in your territory, demonstrate Khata and complete retailer KYC on the spot.',
      'Train new retailers on payouts, AEPS and bill payments in their first week.',
      'Work with local distributors to plan territory coverage and follow up on inactive retailers.',
    ],
    requirements: [
      'Graduate, with 1 or more years in field sales, ideally in fintech, telecom or FMCG.',
      'Fluent Hindi; Marwari or Rajasthani is a plus.',
      'A two-wheeler and a valid driving licence (travel allowance paid).',
    ],
  },
  {
    id: 'support-associate',
    title: 'Customer Support Associate (Hindi and English)',
    team: 'Customer support',
    location: 'Gurugram (office)',
    type: 'Full-time, rotational shifts between 9 am and 9 pm',
    summary:
      'Be the voice retailers hear when a payment needs attention, on calls, WhatsApp and tickets.',
    responsibilities: [
      'Answer retailer calls and WhatsApp messages, and return call-back requests from the website.',
      'Trace failed or pending transactions with the operations team and keep the retailer updated.',
      'Write clear ticket notes so the next colleague can pick up where you left off.',
    ],
    requirements: [
      'Graduate, fluent in spoken Hindi and English; written English for tickets.',
      'Patience, and a habit of following up without being reminded.',
      'Prior support experience in banking or payments is welcome; we train you on Khata.',
    ],
  },
  {
    id: 'reconciliation-analyst',
    title: 'Reconciliation Analyst',
    team: 'Finance operations',
    location: 'Gurugram (office)',
    type: 'Full-time',
    summary:
      'Match every rupee in our ledger with the bank statements and settlement files of our partners.',
    responsibilities: [
      'Run the daily reconciliation of payouts, AEPS settlements and bill payments.',
      'Investigate breaks, raise disputes with partner banks and track refunds to closure.',
      'Help automate the checks you repeat, with our engineers.',
    ],
    requirements: [
      'B.Com or CA Inter, with 2 or more years in reconciliation or treasury operations.',
      'Strong Excel; SQL is a plus.',
    ],
  },
];

export const applySteps: Highlight[] = [
  {
    title: 'Write to us',
    body: 'Send your CV and a few lines on why the role interests you, with the role title in the subject.',
  },
  {
    title: 'A first conversation',
    body: 'A 30-minute call with the hiring manager, within 10 working days of your application.',
  },
  {
    title: 'Show us your work',
    body: 'A practical exercise close to the job, such as a small design for engineers or a mock shop visit for sales.',
  },
  {
    title: 'Meet the team',
    body: 'Two conversations with future colleagues, then an answer within a week, whatever it is.',
  },
];

export const equalOpportunity =
  'Khata Payments Pvt. Ltd. is an equal opportunity employer. We welcome applications from people of every gender, caste, religion, region, disability and background. We never charge a fee for a job application or an interview; if anyone asks you for money in our name, please tell us.';
