/** The longest statement one request reads, in India days, both ends counted. */
export const LEDGER_MAX_DAYS = 400;

export const LedgerMessages = {
  tooLong: `A statement covers at most ${LEDGER_MAX_DAYS} days. Please choose a shorter period.`,
  startAfterEnd: 'The start date comes after the end date.',
} as const;

export const TransactionMessages = {
  notFound: 'No transactions found.',
  othersTotalsAdminOnly: 'Only an admin can read other accounts’ totals.',
  firstMonthAfterLast: 'The first month comes after the last.',
} as const;
