// The location feature's public entry: what other features may use.
export { readDeviceLocation } from './deviceLocation';

/** The location gate layout, loaded on demand so it stays out of the first download. */
export const loadLocationGate = () => import('./LocationGate');
