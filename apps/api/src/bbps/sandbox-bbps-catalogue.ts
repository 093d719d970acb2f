import {
  BBPS_CORE_CATEGORIES,
  type BbpsBiller,
  type BbpsBillerParam,
  type BbpsCategory,
  type BbpsCcfSlab,
  type BbpsParams,
  RUPEE,
} from '@khata/domain';
import type { BbpsCatalogue } from './bbps-provider.js';

/**
 * The sandbox BBPS provider's catalogue (issue 27): the categories and billers a BBPOU lists,
 * with real-looking 14-character BBPS ids, the parameters and regexes public operator tables
 * show (india-rails.md §3), and a mix of fetch, ad hoc, exactness and CCF rules so every path
 * of the payment flow has a biller to try. Each parameter carries a sample value that its regex
 * accepts (a unit test proves it); the first parameter's sample ends in two digits, the code the
 * sandbox's rules read (sandbox-bbps-provider.ts), so `sandboxBbpsParams` makes test data for
 * any outcome.
 */

/** A parameter with the value tests and demos type into it. */
export interface SandboxBbpsParam extends BbpsBillerParam {
  sample: string;
}

/** A catalogue biller with its sample parameters (the catalogue call strips the samples). */
export interface SandboxBbpsBiller extends Omit<BbpsBiller, 'params'> {
  params: SandboxBbpsParam[];
}

export const SANDBOX_BBPS_EXTRA_CATEGORIES: readonly BbpsCategory[] = [
  { code: 'cable-tv', name: 'Cable TV' },
  { code: 'housing-society', name: 'Housing Society' },
  { code: 'hospital', name: 'Hospital' },
  { code: 'subscription', name: 'Subscription' },
  { code: 'clubs', name: 'Clubs and Associations' },
];

const param = (name: string, regex: string, sample: string, optional = false) => ({
  name,
  regex,
  sample,
  optional,
});
const MOBILE = param('Mobile Number', '^[6789][0-9]{9}$', '9876543210');
const REGISTERED_MOBILE = param('Registered Mobile Number', '^[6789][0-9]{9}$', '9876543210');
const CARD_LAST4 = param('Last 4 digits of Credit Card Number', '^[0-9]{4}$', '4242');
const VEHICLE = param(
  'Vehicle Registration Number',
  '^[A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{4}$',
  'HR26DK4242',
);
const DATE_OF_BIRTH = param(
  'Date of Birth (DD/MM/YYYY)',
  '^(0[1-9]|[12][0-9]|3[01])/(0[1-9]|1[0-2])/(19|20)[0-9]{2}$',
  '15/08/1985',
);

/** ₹5 on every FASTag recharge, as some issuers charge. */
const FLAT_5: BbpsCcfSlab[] = [{ minAmount: 0, maxAmount: null, flatFee: 5 * RUPEE, percentBp: 0 }];
/** Nothing up to ₹5,000, then 0.5% of the amount (a card issuer's C2B CCF). */
const HALF_PERCENT_ABOVE_5000: BbpsCcfSlab[] = [
  { minAmount: 0, maxAmount: 5_000 * RUPEE, flatFee: 0, percentBp: 0 },
  { minAmount: 5_000 * RUPEE + 1, maxAmount: null, flatFee: 0, percentBp: 50 },
];
/** ₹2 plus 0.1% of the amount (a loan servicer's collection fee). */
const FLAT_2_AND_TENTH_PERCENT: BbpsCcfSlab[] = [
  { minAmount: 0, maxAmount: null, flatFee: 2 * RUPEE, percentBp: 10 },
];

type Rules = Partial<Pick<SandboxBbpsBiller, 'fetch' | 'adhoc' | 'exactness' | 'ccf' | 'active'>>;

/** A biller that fetches bills, takes the bill or more, no CCF, active: override the rest. */
function biller(
  id: string,
  name: string,
  categoryCode: string,
  coverage: string,
  params: SandboxBbpsParam[],
  rules: Rules = {},
): SandboxBbpsBiller {
  return {
    id,
    name,
    categoryCode,
    coverage,
    params,
    fetch: true,
    adhoc: false,
    exactness: 'EXACT_AND_ABOVE',
    ccf: [],
    active: true,
    ...rules,
  };
}

/** Ad hoc billers that give no bill (DTH, cable, subscriptions): any amount. */
const PREPAID: Rules = { fetch: false, adhoc: true, exactness: 'ANY' };

const ELECTRICITY: SandboxBbpsBiller[] = [
  biller('DHBVN0000HAR01', 'Dakshin Haryana Bijli Vitran Nigam', 'electricity', 'Haryana', [
    param('Account Number', '^[0-9a-zA-Z]{9,12}$', '5314860042'),
    MOBILE,
  ]),
  biller('UHBVN0000HAR01', 'Uttar Haryana Bijli Vitran Nigam', 'electricity', 'Haryana', [
    param('Account Number', '^[0-9a-zA-Z]{10,12}$', '8123450042'),
    MOBILE,
  ]),
  biller(
    'BESCOM000KAR01',
    'Bangalore Electricity Supply Co. Ltd (BESCOM)',
    'electricity',
    'Karnataka',
    [param('Customer ID / Account ID', '^[0-9]{10}$', '1234567842')],
  ),
  biller(
    'MSEDCL000MAH01',
    'Maharashtra State Electricity Distribution Co. Ltd',
    'electricity',
    'Maharashtra',
    [param('Consumer No', '^[0-9]{12}$', '170012345642'), param('BU', '^[0-9]{4}$', '4637', true)],
  ),
  biller('TATAPWR00MUM01', 'Tata Power - Mumbai', 'electricity', 'Maharashtra', [
    param('Consumer Number', '^[0-9]{12}$', '900012345642'),
  ]),
  biller(
    'DGVCL0000GUJ01',
    'Dakshin Gujarat Vij Company Ltd (DGVCL)',
    'electricity',
    'Gujarat',
    [param('Consumer Number', '^[0-9]{5,11}$', '2345678942')],
    { fetch: false, adhoc: true, exactness: 'ANY' },
  ),
  biller(
    'MGVCL0000GUJ01',
    'Madhya Gujarat Vij Company Ltd (MGVCL)',
    'electricity',
    'Gujarat',
    [param('Consumer Number', '^[0-9]{5,11}$', '3345678942')],
    { fetch: false, adhoc: true, exactness: 'ANY', active: false },
  ),
  biller(
    'BSESRAJ00DEL01',
    'BSES Rajdhani Power Limited',
    'electricity',
    'Delhi',
    [param('CA Number', '^[0-9]{9}$', '150012342')],
    { exactness: 'EXACT' },
  ),
  biller(
    'BSESYAM00DEL01',
    'BSES Yamuna Power Limited',
    'electricity',
    'Delhi',
    [param('CA Number', '^[0-9]{9}$', '100212342')],
    { exactness: 'EXACT' },
  ),
  biller('TATAPWR00DEL01', 'Tata Power - Delhi Distribution Limited', 'electricity', 'Delhi', [
    param('Contract Account Number', '^[0-9]{11,12}$', '60001234542'),
  ]),
  biller('PSPCL0000PUN01', 'Punjab State Power Corporation Ltd (PSPCL)', 'electricity', 'Punjab', [
    param('Account Number', '^[0-9a-zA-Z]{10,12}$', '3001234542'),
  ]),
  biller(
    'JVVNL0000RAJ01',
    'Jaipur Vidyut Vitran Nigam Ltd',
    'electricity',
    'Rajasthan',
    [param('K Number', '^[0-9]{12}$', '210112345642')],
    { exactness: 'EXACT_AND_BELOW' },
  ),
  biller(
    'TNEB00000TND01',
    'Tamil Nadu Power Distribution Corporation',
    'electricity',
    'Tamil Nadu',
    [param('Consumer Number', '^[0-9]{9,12}$', '091234567842')],
  ),
  biller('CESC00000KOL01', 'CESC Limited', 'electricity', 'West Bengal', [
    param('Customer ID', '^[0-9]{11}$', '11012345642'),
  ]),
  biller(
    'WBSEDCL00WBL01',
    'West Bengal State Electricity Distribution Co. Ltd',
    'electricity',
    'West Bengal',
    [param('Consumer ID', '^[0-9]{9}$', '123456742')],
  ),
  biller(
    'UPPCL0000UTP01',
    'Uttar Pradesh Power Corp Ltd (Urban)',
    'electricity',
    'Uttar Pradesh',
    [param('Account Number', '^[0-9]{10}$', '4412345642')],
    { exactness: 'EXACT_AND_BELOW' },
  ),
];

const UTILITIES: SandboxBbpsBiller[] = [
  biller('DJB000000DEL01', 'Delhi Jal Board', 'water', 'Delhi', [
    param('K No', '^[0-9]{10}$', '3012345642'),
  ]),
  biller(
    'BWSSB0000KAR01',
    'Bangalore Water Supply and Sewerage Board',
    'water',
    'Karnataka',
    [param('RR Number', '^[A-Za-z0-9-]{4,15}$', 'W-1234542')],
    { exactness: 'EXACT' },
  ),
  biller(
    'HMWSSB000HYD01',
    'Hyderabad Metropolitan Water Supply and Sewerage Board',
    'water',
    'Telangana',
    [param('CAN Number', '^[0-9]{8,9}$', '012345642')],
  ),
  biller(
    'PHED00000HAR01',
    'Public Health Engineering Department, Haryana',
    'water',
    'Haryana',
    [param('Account ID', '^[0-9]{8,12}$', '1012345642')],
    { fetch: false, adhoc: true, exactness: 'ANY' },
  ),
  biller('HCG000000HAR01', 'Haryana City Gas', 'gas', 'Haryana', [
    param('CRN Number', '^[0-9]{8,12}$', '5001234542'),
  ]),
  biller(
    'SGL000000GUJ01',
    'Sabarmati Gas Limited',
    'gas',
    'Gujarat',
    [param('Customer ID', '^[0-9]{12}$', '100012345642')],
    { exactness: 'EXACT' },
  ),
  biller('IGL000000DEL01', 'Indraprastha Gas Limited', 'piped-gas', 'Delhi NCR', [
    param('Business Partner Number', '^[0-9]{10}$', '5001234542'),
  ]),
  biller('MGL000000MUM01', 'Mahanagar Gas Limited', 'piped-gas', 'Maharashtra', [
    param('CA Number', '^[0-9]{12}$', '210012345642'),
  ]),
  biller(
    'ADANIGAS0GUJ01',
    'Adani Total Gas Limited',
    'piped-gas',
    'National',
    [param('Customer ID', '^[0-9]{10}$', '1000123442')],
    { exactness: 'EXACT_AND_BELOW' },
  ),
  biller(
    'INDANE000NAT01',
    'Indane Gas (Indian Oil)',
    'lpg',
    'National',
    [param('LPG ID', '^[0-9]{17}$', '71234567890123442')],
    { exactness: 'EXACT' },
  ),
  biller(
    'BPCL00000NAT01',
    'Bharat Gas (BPCL)',
    'lpg',
    'National',
    [param('Consumer Number', '^[0-9]{17}$', '72234567890123442')],
    { exactness: 'EXACT' },
  ),
  biller(
    'HPCL00000NAT01',
    'HP Gas (HPCL)',
    'lpg',
    'National',
    [param('Consumer Number', '^[0-9]{17}$', '73234567890123442')],
    { exactness: 'EXACT' },
  ),
];

const TELECOM: SandboxBbpsBiller[] = [
  biller('ACTBB0000NAT01', 'ACT Fibernet', 'broadband', 'National', [
    param('Account Number', '^[0-9]{5,10}$', '1012342'),
  ]),
  biller(
    'AIRTELBB0NAT01',
    'Airtel Broadband',
    'broadband',
    'National',
    [param('Landline Number with STD code', '^[0-9]{10,11}$', '01244012342')],
    { exactness: 'ANY' },
  ),
  biller(
    'HATHWAY00NAT01',
    'Hathway Broadband',
    'broadband',
    'National',
    [param('Customer ID', '^[0-9]{6,12}$', '11234542')],
    { adhoc: true },
  ),
  biller(
    'JIOFIBER0NAT01',
    'JioFiber',
    'broadband',
    'National',
    [param('Mobile Number / Service ID', '^[0-9]{10,12}$', '9876500042')],
    { exactness: 'ANY' },
  ),
  biller('BSNLLL000NAT01', 'BSNL Landline - Individual', 'landline', 'National', [
    param('Number with STD Code', '^[0-9]{10,11}$', '01123012342'),
    param('Account Number', '^[0-9]{10}$', '9012345678'),
  ]),
  biller(
    'MTNLDEL00DEL01',
    'MTNL Delhi Landline',
    'landline',
    'Delhi',
    [
      param('Telephone Number', '^[0-9]{8}$', '23012342'),
      param('CA Number', '^[0-9]{10}$', '2000012345'),
    ],
    { exactness: 'EXACT' },
  ),
  biller(
    'AIRTELLL0NAT01',
    'Airtel Landline',
    'landline',
    'National',
    [param('Landline Number with STD code', '^[0-9]{10,11}$', '02240012342')],
    { exactness: 'ANY' },
  ),
  biller('AIRTELPOSNAT01', 'Airtel Postpaid', 'mobile-postpaid', 'National', [MOBILE], {
    exactness: 'ANY',
  }),
  biller('JIOPOST00NAT01', 'Jio Postpaid', 'mobile-postpaid', 'National', [MOBILE], {
    exactness: 'ANY',
  }),
  biller('VIPOST000NAT01', 'Vi Postpaid', 'mobile-postpaid', 'National', [MOBILE], {
    exactness: 'ANY',
    adhoc: true,
  }),
  biller('BSNLMOB00NAT01', 'BSNL Mobile Postpaid', 'mobile-postpaid', 'National', [MOBILE]),
  biller(
    'TATASKY00NAT01',
    'Tata Play (formerly Tata Sky)',
    'dth',
    'National',
    [param('Subscriber Number', '^[0-9]{10}$', '1012345642')],
    PREPAID,
  ),
  biller(
    'DISHTV000NAT01',
    'Dish TV',
    'dth',
    'National',
    [param('VC Number', '^[0-9]{11}$', '01234567842')],
    PREPAID,
  ),
  biller(
    'AIRTELDTHNAT01',
    'Airtel Digital TV',
    'dth',
    'National',
    [param('Customer ID', '^[0-9]{10}$', '3012345642')],
    PREPAID,
  ),
  biller(
    'SUNDIRECTNAT01',
    'Sun Direct',
    'dth',
    'National',
    [param('Smart Card Number', '^[0-9]{11}$', '41234567842')],
    PREPAID,
  ),
];

const FINANCE: SandboxBbpsBiller[] = [
  biller('ICICFAST0NAT01', 'ICICI Bank FASTag', 'fastag', 'National', [VEHICLE], {
    adhoc: true,
    exactness: 'ANY',
  }),
  biller('HDFCFAST0NAT01', 'HDFC Bank FASTag', 'fastag', 'National', [VEHICLE], {
    adhoc: true,
    exactness: 'ANY',
  }),
  biller('IDFCFAST0NAT01', 'IDFC FIRST Bank FASTag', 'fastag', 'National', [VEHICLE], {
    adhoc: true,
    exactness: 'ANY',
    ccf: FLAT_5,
  }),
  biller('SBIFAST00NAT01', 'SBI FASTag', 'fastag', 'National', [VEHICLE], {
    adhoc: true,
    exactness: 'ANY',
  }),
  biller(
    'LICOF0000NAT01',
    'Life Insurance Corporation of India',
    'insurance',
    'National',
    [
      param('Policy Number', '^[0-9]{9}$', '912345642'),
      param(
        'Email ID',
        '^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$',
        'asha@example.in',
        true,
      ),
    ],
    { exactness: 'EXACT' },
  ),
  biller(
    'HDFCLIFE0NAT01',
    'HDFC Life Insurance',
    'insurance',
    'National',
    [param('Policy Number', '^[0-9]{8}$', '21234542'), DATE_OF_BIRTH],
    { exactness: 'EXACT' },
  ),
  biller(
    'SBILIFE00NAT01',
    'SBI Life Insurance',
    'insurance',
    'National',
    [param('Policy Number', '^[0-9A-Z]{11}$', '1A234567842'), DATE_OF_BIRTH],
    { exactness: 'EXACT' },
  ),
  biller(
    'STARHEALTNAT01',
    'Star Health and Allied Insurance',
    'insurance',
    'National',
    [param('Policy Number', '^P/[0-9]{6}/[0-9]{2}/[0-9]{4}/[0-9]{6}$', 'P/211111/01/2026/001242')],
    { exactness: 'EXACT' },
  ),
  biller(
    'BAJAJFIN0NAT01',
    'Bajaj Finance Ltd',
    'loan-emi',
    'National',
    [param('Loan Account Number', '^[0-9A-Z]{10,20}$', '4SF12345678942')],
    { exactness: 'EXACT_AND_BELOW' },
  ),
  biller(
    'TATACAP00NAT01',
    'Tata Capital Financial Services',
    'loan-emi',
    'National',
    [param('Loan Account Number', '^[0-9A-Z]{8,20}$', 'TCFPL0123456742')],
    { exactness: 'EXACT_AND_BELOW' },
  ),
  biller(
    'HDBFS0000NAT01',
    'HDB Financial Services',
    'loan-emi',
    'National',
    [param('Loan Number', '^[0-9]{6,12}$', '123456742')],
    { exactness: 'EXACT', ccf: FLAT_2_AND_TENTH_PERCENT },
  ),
  biller(
    'MUTHOOT00NAT01',
    'Muthoot Finance',
    'loan-emi',
    'National',
    [param('Loan Account Number', '^[0-9]{10,15}$', '410012345642'), REGISTERED_MOBILE],
    { adhoc: true, exactness: 'ANY' },
  ),
];

/** A bank's card biller: last 4 digits first, then the registered mobile; pays ad hoc. */
function card(id: string, bank: string, rules: Rules = {}): SandboxBbpsBiller {
  return biller(
    id,
    `${bank} Credit Card`,
    'credit-card',
    'National',
    [CARD_LAST4, REGISTERED_MOBILE],
    {
      fetch: false,
      adhoc: true,
      exactness: 'ANY',
      ...rules,
    },
  );
}

const CREDIT_CARDS: SandboxBbpsBiller[] = [
  card('SBIC00000NATSB', 'SBI Card', { fetch: true, ccf: HALF_PERCENT_ABOVE_5000 }),
  card('HDFC00000NATHD', 'HDFC Bank'),
  card('ICIC00000NATSI', 'ICICI Bank', { fetch: true }),
  card('UTIB00000NATAX', 'Axis Bank', { fetch: true }),
  card('KOTA00000NATED', 'Kotak Mahindra Bank', { fetch: true, ccf: HALF_PERCENT_ABOVE_5000 }),
  card('INDU00000NATIN', 'IndusInd Bank'),
  card('YESB00000NATYS', 'YES Bank', { fetch: true }),
  card('RBLB00000NATRB', 'RBL Bank'),
  card('IDFB00000NATID', 'IDFC FIRST Bank', { fetch: true }),
  card('BARB00000NATBO', 'BOBCARD (Bank of Baroda)'),
  card('AUBL00000NATAU', 'AU Small Finance Bank', { active: false }),
];

const CIVIC: SandboxBbpsBiller[] = [
  biller(
    'MCDELHI00DEL01',
    'Municipal Corporation of Delhi - Property Tax',
    'municipal-tax',
    'Delhi',
    [param('Property ID', '^[0-9A-Z]{6,20}$', 'DL0012345642')],
    { exactness: 'EXACT' },
  ),
  biller(
    'GHMC00000HYD01',
    'Greater Hyderabad Municipal Corporation - Property Tax',
    'municipal-tax',
    'Telangana',
    [param('PTIN', '^[0-9]{10}$', '1120012342')],
    { exactness: 'EXACT' },
  ),
  biller(
    'PMCTAX000MAH01',
    'Pune Municipal Corporation - Property Tax',
    'municipal-tax',
    'Maharashtra',
    [param('Property Account Number', '^[0-9A-Z/-]{8,20}$', 'F/01/12345642')],
  ),
  biller(
    'DPSGGN000HAR01',
    'Delhi Public School, Sector 45, Gurugram',
    'education',
    'Haryana',
    [
      param('Admission Number', '^[0-9]{4,8}$', '123442'),
      param('Student Name', "^[A-Za-z .']{2,50}$", 'Aarav Sharma'),
    ],
    { exactness: 'EXACT' },
  ),
  biller(
    'AMITYUNI0NAT01',
    'Amity University',
    'education',
    'National',
    [param('Enrollment Number', '^A[0-9]{10}$', 'A2300123442')],
    { exactness: 'EXACT' },
  ),
  biller(
    'KVSFEES00NAT01',
    'Vidya Niketan Schools (fees)',
    'education',
    'National',
    [param('Student ID', '^[0-9]{6,10}$', '20260042')],
    { fetch: false, adhoc: true, exactness: 'ANY' },
  ),
  biller(
    'HATHWAYCBNAT01',
    'Hathway Digital Cable',
    'cable-tv',
    'National',
    [param('Customer ID', '^[0-9]{6,12}$', '21234542')],
    PREPAID,
  ),
  biller(
    'DENCABLE0NAT01',
    'DEN Networks',
    'cable-tv',
    'National',
    [param('Subscriber ID', '^[0-9]{8,10}$', '31234542')],
    PREPAID,
  ),
  biller(
    'GTPL00000GUJ01',
    'GTPL Hathway',
    'cable-tv',
    'Gujarat',
    [param('STB Number', '^[0-9]{10,14}$', '1000123456742')],
    PREPAID,
  ),
  biller(
    'DLFPH3RWAHAR01',
    'DLF Phase 3 Residents Welfare Association',
    'housing-society',
    'Haryana',
    [param('Flat Number', '^[A-Z]-[0-9]{3,5}$', 'U-1142'), MOBILE],
    { exactness: 'EXACT' },
  ),
  biller('LODHAPALVMAH01', 'Lodha Palava Society Maintenance', 'housing-society', 'Maharashtra', [
    param('Member ID', '^[0-9]{6,10}$', '40012342'),
  ]),
  biller(
    'APOLLO000NAT01',
    'Apollo Hospitals',
    'hospital',
    'National',
    [param('UHID', '^[A-Z]{3}[0-9]{8,10}$', 'APJ0012345642')],
    { fetch: false, adhoc: true, exactness: 'ANY' },
  ),
  biller(
    'FORTIS000NAT01',
    'Fortis Healthcare',
    'hospital',
    'National',
    [param('Patient ID', '^[0-9]{8,10}$', '70012342')],
    { exactness: 'EXACT' },
  ),
  biller(
    'HTMEDIA00NAT01',
    'Hindustan Times (newspaper)',
    'subscription',
    'National',
    [param('Subscriber ID', '^[0-9]{8}$', '50012342')],
    PREPAID,
  ),
  biller('TIMESPRIMNAT01', 'Times Prime', 'subscription', 'National', [MOBILE], PREPAID),
  biller(
    'DELGYMKH0DEL01',
    'Delhi Gymkhana Club',
    'clubs',
    'Delhi',
    [param('Membership Number', '^[A-Z]{1,2}-[0-9]{3,5}$', 'G-1042')],
    { exactness: 'EXACT' },
  ),
  biller(
    'ROTARYBOMMAH01',
    'Rotary Club of Bombay',
    'clubs',
    'Maharashtra',
    [param('Member ID', '^[0-9]{4,6}$', '31242')],
    { fetch: false, adhoc: true, exactness: 'ANY' },
  ),
];

/** Every sandbox biller, with its sample parameters. */
export const SANDBOX_BBPS_BILLERS: readonly SandboxBbpsBiller[] = [
  ...ELECTRICITY,
  ...UTILITIES,
  ...TELECOM,
  ...FINANCE,
  ...CREDIT_CARDS,
  ...CIVIC,
];

/** The catalogue as the provider's catalogue call answers it (no samples; fresh copies). */
export function sandboxBbpsCatalogue(): BbpsCatalogue {
  return {
    categories: [...BBPS_CORE_CATEGORIES, ...SANDBOX_BBPS_EXTRA_CATEGORIES].map((one) => ({
      ...one,
    })),
    billers: SANDBOX_BBPS_BILLERS.map(({ params, ccf, ...rest }) => ({
      ...rest,
      params: params.map(({ name, regex, optional }) => ({ name, regex, optional })),
      ccf: ccf.map((slab) => ({ ...slab })),
    })),
  };
}

export function sandboxBbpsBiller(billerId: string): SandboxBbpsBiller | undefined {
  return SANDBOX_BBPS_BILLERS.find((one) => one.id === billerId);
}

/**
 * A biller's sample parameters with the first one's last two digits set to `code` (the sandbox
 * rules' outcome), e.g. DHBVN with `'21'` gives `{ 'Account Number': '5314860021', … }`.
 */
export function sandboxBbpsParams(billerId: string, code = '42'): BbpsParams {
  const found = sandboxBbpsBiller(billerId);
  if (!found) throw new Error(`No sandbox biller ${billerId}.`);
  const [first, ...rest] = found.params;
  const params: BbpsParams = { [first!.name]: `${first!.sample.slice(0, -2)}${code}` };
  for (const one of rest) params[one.name] = one.sample;
  return params;
}
