// The wire contract of the API (API.md + docs/api.md): what each route takes and answers,
// the codes it refuses with, and what the socket pushes. Types only, plus the few pure
// helpers that read them, so the API and the console cannot drift apart.
export * from './common.js';
export * from './paging.js';
export * from './ids.js';
export * from './errors.js';
export * from './transaction-kinds.js';
export * from './transactions.js';
export * from './payouts.js';
export * from './wallet.js';
export * from './auth.js';
export * from './user.js';
export * from './control-panel.js';
export * from './beneficiaries.js';
export * from './public.js';
export * from './admin.js';
export * from './services.js';
export * from './kyc.js';
export * from './network.js';
export * from './socket-events.js';
export * from './users-admin.js';
export * from './partners.js';
export * from './onboarding.js';
export * from './balances.js';
export * from './commissions.js';
export * from './fund-requests.js';
export * from './audit-logs.js';
export * from './database.js';
export * from './monthly-stats.js';
export * from './communication.js';
export * from './reports.js';
export * from './payment-ops.js';
export * from './approvals.js';
export * from './dmt-remitters.js';
export * from './aeps-balance.js';
