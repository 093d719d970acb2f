/** The admin's company bank accounts (where fund requests are paid in). */
export const CompanyBankAccountMessages = {
  duplicate: 'A company bank account with this number and IFSC exists.',
} as const;
