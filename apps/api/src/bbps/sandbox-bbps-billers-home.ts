import {
  biller,
  MOBILE,
  param,
  PREPAID,
  type SandboxBbpsBiller,
} from './sandbox-bbps-biller-kit.js';

/**
 * The sandbox's household billers: electricity, water, gas, LPG, broadband, landline, mobile
 * postpaid and DTH, with the parameters public operator tables show (india-rails.md §3).
 */

/** State and private distribution companies; DHBVN first (`/admin/dhbvn-bill`). */
export const ELECTRICITY: SandboxBbpsBiller[] = [
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

/** Water boards, city gas, piped gas and LPG distributors. */
export const UTILITIES: SandboxBbpsBiller[] = [
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

/** Broadband, landline, mobile postpaid and DTH operators. */
export const TELECOM: SandboxBbpsBiller[] = [
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
