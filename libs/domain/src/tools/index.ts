// The public tools of the console (loan, income tax, currency): pure calculations.
export * from './loan.js';
export * from './income-tax-rules.js';
export * from './income-tax.js';
export * from './currency.js';
