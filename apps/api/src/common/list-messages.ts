/**
 * The paging refusal the AEPS, bill-payment and DMT transfer lists share (issue 30: the console
 * shows it in Hindi, tests/unit/api-messages.catalogue.ts).
 */
export const ListMessages = {
  pageNotWhole: 'Page and page size must be whole numbers.',
} as const;
