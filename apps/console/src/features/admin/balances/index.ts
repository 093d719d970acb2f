// Lien, security deposit, overdraft and admin debit (issue 13): the public entry of the feature.
export { OverdraftPage } from './OverdraftPage';
export { WalletActionsCard } from './WalletActionsCard';
export { SendMoneyButton } from './SendMoneyButton';
