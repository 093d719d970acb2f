// The payments this browser remembers (spec §3), for the payout form to ask before a repeat and
// for the session to forget at sign-out (issue 31).
export { forgetRecentPayments, readRecentPayments, rememberPayment } from './recentPayments';
