// The balance feature (issue 24: one folder): what the wallet holds and may spend (the top bar,
// the dashboard cards, the credit confirm), and what an admin sets on it (issue 13): lien,
// security deposit, overdraft and admin debit. Screens and cards are reached through here.
export { OverdraftPage } from './OverdraftPage';
export { WalletActionsCard } from './WalletActionsCard';
export { SendMoneyButton } from './SendMoneyButton';
