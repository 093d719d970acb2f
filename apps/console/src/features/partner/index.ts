// The partner feature's public entry: its routes and what its shell reads.
export { partnerRoutes } from './routes';
export { usePartnerBalance, partnerKeys } from './api';
export { rupees } from './format';
