export const CsvMessages = {
  busy: 'Too many downloads are running. Please try again in a minute.',
} as const;
