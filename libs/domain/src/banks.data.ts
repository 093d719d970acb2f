/**
 * Indian banks the beneficiary form offers (spec §3 bank list item), shipped as data.
 *
 * `ifscPrefix` is the bank's 4-letter code in RBI's IFSC scheme. `ifscGlobal` is the IFSC the
 * form fills in when the bank is picked (spec §5): the bank's "global" IFSC in payout
 * providers' bank masters, which IMPS routes for any branch of the bank. The form keeps the
 * IFSC editable, since NEFT and RTGS may need the branch's own.
 *
 * `bankId` is ours and stable: never renumber or reuse one, since clients may have stored it.
 * Add banks at the end. Regional rural and co-operative banks that issue IFSCs under a sponsor
 * bank's prefix are not listed: their users pick the sponsor bank and type the branch IFSC.
 */
export interface BankListEntry {
  readonly bankId: number;
  readonly name: string;
  readonly ifscPrefix: string;
  readonly ifscGlobal: string;
}

export const INDIAN_BANKS: readonly BankListEntry[] = [
  // Public sector banks
  { bankId: 1, name: 'State Bank of India', ifscPrefix: 'SBIN', ifscGlobal: 'SBIN0000001' },
  { bankId: 2, name: 'Punjab National Bank', ifscPrefix: 'PUNB', ifscGlobal: 'PUNB0244200' },
  { bankId: 3, name: 'Bank of Baroda', ifscPrefix: 'BARB', ifscGlobal: 'BARB0000001' },
  { bankId: 4, name: 'Canara Bank', ifscPrefix: 'CNRB', ifscGlobal: 'CNRB0000001' },
  { bankId: 5, name: 'Union Bank of India', ifscPrefix: 'UBIN', ifscGlobal: 'UBIN0000001' },
  { bankId: 6, name: 'Bank of India', ifscPrefix: 'BKID', ifscGlobal: 'BKID0000001' },
  { bankId: 7, name: 'Indian Bank', ifscPrefix: 'IDIB', ifscGlobal: 'IDIB0000001' },
  { bankId: 8, name: 'Central Bank of India', ifscPrefix: 'CBIN', ifscGlobal: 'CBIN0000001' },
  { bankId: 9, name: 'Indian Overseas Bank', ifscPrefix: 'IOBA', ifscGlobal: 'IOBA0000001' },
  { bankId: 10, name: 'UCO Bank', ifscPrefix: 'UCBA', ifscGlobal: 'UCBA0000001' },
  { bankId: 11, name: 'Bank of Maharashtra', ifscPrefix: 'MAHB', ifscGlobal: 'MAHB0000001' },
  { bankId: 12, name: 'Punjab & Sind Bank', ifscPrefix: 'PSIB', ifscGlobal: 'PSIB0000001' },

  // Private sector banks
  { bankId: 13, name: 'HDFC Bank', ifscPrefix: 'HDFC', ifscGlobal: 'HDFC0000001' },
  { bankId: 14, name: 'ICICI Bank', ifscPrefix: 'ICIC', ifscGlobal: 'ICIC0000011' },
  { bankId: 15, name: 'Axis Bank', ifscPrefix: 'UTIB', ifscGlobal: 'UTIB0000001' },
  { bankId: 16, name: 'Kotak Mahindra Bank', ifscPrefix: 'KKBK', ifscGlobal: 'KKBK0000001' },
  { bankId: 17, name: 'IndusInd Bank', ifscPrefix: 'INDB', ifscGlobal: 'INDB0000001' },
  { bankId: 18, name: 'Yes Bank', ifscPrefix: 'YESB', ifscGlobal: 'YESB0000001' },
  { bankId: 19, name: 'IDFC FIRST Bank', ifscPrefix: 'IDFB', ifscGlobal: 'IDFB0000001' },
  { bankId: 20, name: 'IDBI Bank', ifscPrefix: 'IBKL', ifscGlobal: 'IBKL0000001' },
  { bankId: 21, name: 'Federal Bank', ifscPrefix: 'FDRL', ifscGlobal: 'FDRL0000001' },
  { bankId: 22, name: 'South Indian Bank', ifscPrefix: 'SIBL', ifscGlobal: 'SIBL0000001' },
  { bankId: 23, name: 'Karnataka Bank', ifscPrefix: 'KARB', ifscGlobal: 'KARB0000001' },
  { bankId: 24, name: 'Karur Vysya Bank', ifscPrefix: 'KVBL', ifscGlobal: 'KVBL0000001' },
  { bankId: 25, name: 'City Union Bank', ifscPrefix: 'CIUB', ifscGlobal: 'CIUB0000001' },
  { bankId: 26, name: 'Tamilnad Mercantile Bank', ifscPrefix: 'TMBL', ifscGlobal: 'TMBL0000001' },
  { bankId: 27, name: 'RBL Bank', ifscPrefix: 'RATN', ifscGlobal: 'RATN0000001' },
  { bankId: 28, name: 'DCB Bank', ifscPrefix: 'DCBL', ifscGlobal: 'DCBL0000001' },
  { bankId: 29, name: 'Bandhan Bank', ifscPrefix: 'BDBL', ifscGlobal: 'BDBL0000001' },
  { bankId: 30, name: 'CSB Bank', ifscPrefix: 'CSBK', ifscGlobal: 'CSBK0000001' },
  { bankId: 31, name: 'Dhanlaxmi Bank', ifscPrefix: 'DLXB', ifscGlobal: 'DLXB0000001' },
  { bankId: 32, name: 'Jammu & Kashmir Bank', ifscPrefix: 'JAKA', ifscGlobal: 'JAKA0000001' },
  { bankId: 33, name: 'Nainital Bank', ifscPrefix: 'NTBL', ifscGlobal: 'NTBL0000001' },
  { bankId: 34, name: 'DBS Bank India', ifscPrefix: 'DBSS', ifscGlobal: 'DBSS0IN0811' },

  // Small finance banks
  { bankId: 35, name: 'AU Small Finance Bank', ifscPrefix: 'AUBL', ifscGlobal: 'AUBL0002011' },
  {
    bankId: 36,
    name: 'Equitas Small Finance Bank',
    ifscPrefix: 'ESFB',
    ifscGlobal: 'ESFB0000001',
  },
  {
    bankId: 37,
    name: 'Ujjivan Small Finance Bank',
    ifscPrefix: 'UJVN',
    ifscGlobal: 'UJVN0000001',
  },
  { bankId: 38, name: 'Jana Small Finance Bank', ifscPrefix: 'JSFB', ifscGlobal: 'JSFB0000001' },
  {
    bankId: 39,
    name: 'Suryoday Small Finance Bank',
    ifscPrefix: 'SURY',
    ifscGlobal: 'SURY0000001',
  },
  { bankId: 40, name: 'ESAF Small Finance Bank', ifscPrefix: 'ESMF', ifscGlobal: 'ESMF0000001' },
  {
    bankId: 41,
    name: 'Utkarsh Small Finance Bank',
    ifscPrefix: 'UTKS',
    ifscGlobal: 'UTKS0000001',
  },
  {
    bankId: 42,
    name: 'Capital Small Finance Bank',
    ifscPrefix: 'CLBL',
    ifscGlobal: 'CLBL0000001',
  },
  {
    bankId: 43,
    name: 'North East Small Finance Bank',
    ifscPrefix: 'NESF',
    ifscGlobal: 'NESF0000001',
  },
  {
    bankId: 44,
    name: 'Shivalik Small Finance Bank',
    ifscPrefix: 'SMCB',
    ifscGlobal: 'SMCB0000001',
  },

  // Payments banks
  { bankId: 45, name: 'Airtel Payments Bank', ifscPrefix: 'AIRP', ifscGlobal: 'AIRP0000001' },
  {
    bankId: 46,
    name: 'India Post Payments Bank',
    ifscPrefix: 'IPOS',
    ifscGlobal: 'IPOS0000001',
  },
  { bankId: 47, name: 'Fino Payments Bank', ifscPrefix: 'FINO', ifscGlobal: 'FINO0000001' },
  { bankId: 48, name: 'Paytm Payments Bank', ifscPrefix: 'PYTM', ifscGlobal: 'PYTM0123456' },
  { bankId: 49, name: 'Jio Payments Bank', ifscPrefix: 'JIOP', ifscGlobal: 'JIOP0000001' },
  { bankId: 50, name: 'NSDL Payments Bank', ifscPrefix: 'NSPB', ifscGlobal: 'NSPB0000002' },

  // Foreign banks with retail accounts in India
  { bankId: 51, name: 'Standard Chartered Bank', ifscPrefix: 'SCBL', ifscGlobal: 'SCBL0036001' },
  { bankId: 52, name: 'HSBC', ifscPrefix: 'HSBC', ifscGlobal: 'HSBC0400002' },
  { bankId: 53, name: 'Citibank', ifscPrefix: 'CITI', ifscGlobal: 'CITI0000001' },
  { bankId: 54, name: 'Deutsche Bank', ifscPrefix: 'DEUT', ifscGlobal: 'DEUT0784BBY' },

  // Co-operative banks with IFSCs of their own
  {
    bankId: 55,
    name: 'Saraswat Co-operative Bank',
    ifscPrefix: 'SRCB',
    ifscGlobal: 'SRCB0000001',
  },
  { bankId: 56, name: 'Cosmos Co-operative Bank', ifscPrefix: 'COSB', ifscGlobal: 'COSB0000001' },
  { bankId: 57, name: 'SVC Co-operative Bank', ifscPrefix: 'SVCB', ifscGlobal: 'SVCB0000001' },
  { bankId: 58, name: 'TJSB Sahakari Bank', ifscPrefix: 'TJSB', ifscGlobal: 'TJSB0000001' },
  {
    bankId: 59,
    name: 'Abhyudaya Co-operative Bank',
    ifscPrefix: 'ABHY',
    ifscGlobal: 'ABHY0065001',
  },
  { bankId: 60, name: 'Apna Sahakari Bank', ifscPrefix: 'ASBL', ifscGlobal: 'ASBL0000001' },
  {
    bankId: 61,
    name: 'Kalupur Commercial Co-operative Bank',
    ifscPrefix: 'KCCB',
    ifscGlobal: 'KCCB0000001',
  },

  // Regional rural banks with IFSCs of their own
  { bankId: 62, name: 'Kerala Gramin Bank', ifscPrefix: 'KLGB', ifscGlobal: 'KLGB0000001' },
  {
    bankId: 63,
    name: 'Andhra Pradesh Grameena Vikas Bank',
    ifscPrefix: 'APGV',
    ifscGlobal: 'APGV0000001',
  },
  { bankId: 64, name: 'Karnataka Gramin Bank', ifscPrefix: 'PKGB', ifscGlobal: 'PKGB0000001' },
];
