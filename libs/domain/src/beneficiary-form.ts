import { checkAccountNumber, checkIfsc } from './bank-account.js';
import { type Check, fail, pass } from './check.js';
import { isBlank, isMissingText, text } from './fields.js';
import { Messages } from './messages.js';

export type BeneficiaryFormInput = {
  bankName?: unknown;
  ifscCode?: unknown;
  accountNumber?: unknown;
  name?: unknown;
};
export type BeneficiaryForm = {
  bankName: string;
  ifscCode: string;
  accountNumber: string;
  name: string;
};
export type AccountToVerify = { accountNumber: string; ifscCode: string };

/** Bank, IFSC, account number and name are all required, then IFSC and account are checked. */
export function checkBeneficiaryForm(input: BeneficiaryFormInput): Check<BeneficiaryForm> {
  const { bankName, ifscCode, accountNumber, name } = input;
  if ([ifscCode, accountNumber].some(isBlank) || [bankName, name].some(isMissingText)) {
    return fail(Messages.beneficiaryFieldsRequired);
  }
  const account = checkAccountToVerify({ accountNumber, ifscCode });
  if (!account.ok) return account;
  return pass({ bankName: text(bankName), name: text(name), ...account.value });
}

/** Verifying a bank account needs its number and IFSC, nothing else. */
export function checkAccountToVerify(input: {
  accountNumber?: unknown;
  ifscCode?: unknown;
}): Check<AccountToVerify> {
  if (isBlank(input.accountNumber) || isBlank(input.ifscCode)) {
    return fail(Messages.verifyNeedsAccountAndIfsc);
  }
  const ifscCode = checkIfsc(input.ifscCode);
  if (!ifscCode.ok) return ifscCode;
  const accountNumber = checkAccountNumber(input.accountNumber);
  if (!accountNumber.ok) return accountNumber;
  return pass({ accountNumber: accountNumber.value, ifscCode: ifscCode.value });
}
