/** Demo data for a development database: public on purpose, never created in production. */
export const DEMO_PASSWORD = 'Demo@1234';
export const DEMO_PIN = '1234';

export interface DemoUser {
  key: string;
  parentKey: string;
  mobile: string;
  name: string;
  role: string;
  shopName: string;
  /** Opening wallet balance in paise, credited through the ledger. */
  openingBalance: number;
  /**
   * A made-up PAN of the valid format (issue 23): on file, so the demo uplines' commission has
   * TDS withheld at the PAN rate, not the 20% of no PAN.
   */
  pan: string;
}

/** A super distributor, a distributor below it and two retailers below that, each with its role's services. */
export function demoUsers(productKey: string): DemoUser[] {
  return [
    {
      key: 'sdistributor',
      parentKey: 'admin',
      mobile: '9000000001',
      name: 'Meera Sharma',
      role: 'sdistributor',
      shopName: 'Sharma Distribution Co.',
      pan: 'ABMPS4821K',
      openingBalance: 1_00_000_00,
    },
    {
      key: 'distributor',
      parentKey: 'sdistributor',
      mobile: '9000000002',
      name: 'Arjun Patel',
      role: 'distributor',
      shopName: 'Patel Telecom & Payments',
      pan: 'BKDPP7315L',
      openingBalance: 50_000_00,
    },
    {
      key: 'retailer',
      parentKey: 'distributor',
      mobile: '9000000003',
      name: 'Ravi Kumar',
      role: `${productKey}Employee2`,
      shopName: 'Ravi Kirana Store',
      pan: 'CRKPK2946M',
      openingBalance: 10_000_00,
    },
    {
      key: 'counter',
      parentKey: 'distributor',
      mobile: '9000000004',
      name: 'Sunita Devi',
      role: `${productKey}Employee1`,
      shopName: 'Sunita Mobile Point',
      pan: 'DSNPD5608N',
      openingBalance: 5_000_00,
    },
  ];
}
