// The commissions feature's public entry (issue 13): Tax Rates and My Profit, and the schemes
// card that Service Management shows.
export { MyProfitPage } from './MyProfitPage';
export { TaxRatePage } from './TaxRatePage';
export { CommissionSchemesCard } from './CommissionSchemesCard';
