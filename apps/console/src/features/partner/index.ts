// The partner feature's public entry: its routes and what its shell reads.
export { partnerRoutes } from './routes';
export { usePartnerBalance, partnerKeys } from './api';
export { rupees } from './format';
// Issue 23: the admin's view of a partner shows the same deliveries table and key list.
export { WebhookDeliveries } from './WebhookDeliveries';
export type { DeliverySource } from './api';
export { ApiKeyList } from './ApiKeysCard';
export { PinModal } from './PinModal';
