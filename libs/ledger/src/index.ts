export * from './errors.js';
export * from './hash.js';
export * from './ledger.js';
export * from './rebuild.js';
export * from './schema.js';
export * from './sql-client.js';
export * from './verify.js';
