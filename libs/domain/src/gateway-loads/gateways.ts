/**
 * Wallet loads through a payment gateway (issue 28): the gateways Khata knows, one per screen,
 * each behind the API's one adapter (apps/api/src/pg). Which are configured is the server's
 * configuration (PG_PAY10, PG_FINKEDA, PG_PAYCEL); a screen whose gateway is off says so.
 */

export const PG_GATEWAYS = ['pay10', 'finkeda', 'paycel'] as const;
export type PgGateway = (typeof PG_GATEWAYS)[number];

/** How the customer pays on the gateway's page. */
export const PG_METHODS = ['upi', 'card', 'netbanking'] as const;
export type PgMethod = (typeof PG_METHODS)[number];

export const PG_METHOD_LABELS: Readonly<Record<PgMethod, string>> = {
  upi: 'UPI',
  card: 'Card',
  netbanking: 'Net banking',
};

export interface PgGatewayInfo {
  label: string;
  /** The console's screen of this gateway. */
  route: string;
  /** The methods a load through it may use (Finkeda is card-funded). */
  methods: readonly PgMethod[];
}

export const PG_GATEWAY_INFO: Readonly<Record<PgGateway, PgGatewayInfo>> = {
  pay10: { label: 'Pay10', route: '/admin/pay10Payments', methods: PG_METHODS },
  finkeda: { label: 'Finkeda', route: '/admin/finkeda', methods: ['card'] },
  paycel: { label: 'Paycel', route: '/admin/paycelHistory', methods: PG_METHODS },
};

export function isPgGateway(value: unknown): value is PgGateway {
  return typeof value === 'string' && (PG_GATEWAYS as readonly string[]).includes(value);
}

export function isPgMethod(value: unknown): value is PgMethod {
  return typeof value === 'string' && (PG_METHODS as readonly string[]).includes(value);
}
