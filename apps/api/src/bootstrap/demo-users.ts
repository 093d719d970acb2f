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
      openingBalance: 1_00_000_00,
    },
    {
      key: 'distributor',
      parentKey: 'sdistributor',
      mobile: '9000000002',
      name: 'Arjun Patel',
      role: 'distributor',
      shopName: 'Patel Telecom & Payments',
      openingBalance: 50_000_00,
    },
    {
      key: 'retailer',
      parentKey: 'distributor',
      mobile: '9000000003',
      name: 'Ravi Kumar',
      role: `${productKey}Employee2`,
      shopName: 'Ravi Kirana Store',
      openingBalance: 10_000_00,
    },
    {
      key: 'counter',
      parentKey: 'distributor',
      mobile: '9000000004',
      name: 'Sunita Devi',
      role: `${productKey}Employee1`,
      shopName: 'Sunita Mobile Point',
      openingBalance: 5_000_00,
    },
  ];
}
