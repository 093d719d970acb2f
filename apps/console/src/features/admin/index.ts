// The admin feature's public entry, for the few pieces other areas share (issue 23: the partner
// area shows the same receipt as the rest of the portal).
export { ReceiptModal } from './transactions/ReceiptModal';
