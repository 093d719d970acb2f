import {
  BANK_STATEMENT_FIELD,
  BANK_STATEMENT_MAX_BYTES,
  FUND_PROOF_FIELD,
  FUND_PROOF_MAX_BYTES,
  FundRequestMessages,
} from '@khata/domain';
import { OneFileUpload } from '../common/http/one-file-upload.js';

/** The request form: seven text fields and one proof of at most 2 MB; any bad upload is a 400. */
export const FundProofUpload = OneFileUpload(
  FUND_PROOF_FIELD,
  { fileSize: FUND_PROOF_MAX_BYTES, fields: 7 },
  {
    tooLarge: FundRequestMessages.proofTooLarge,
    oneFile: FundRequestMessages.proofOneFile,
    unreadable: FundRequestMessages.uploadUnreadable,
  },
);

/** The statement upload: the bank account's id and one CSV of at most 2 MB. */
export const StatementUpload = OneFileUpload(
  BANK_STATEMENT_FIELD,
  { fileSize: BANK_STATEMENT_MAX_BYTES, fields: 1 },
  {
    tooLarge: FundRequestMessages.statementTooLarge,
    oneFile: FundRequestMessages.statementOneFile,
    unreadable: FundRequestMessages.uploadUnreadable,
  },
);
