import { DmtMessages } from '@khata/domain';
import { AppError, ErrorKind } from '../common/errors.js';
import type { Tx } from '../database/unit-of-work.js';
import type { BeneficiaryRow, RemitterRow, RemittersRepository } from './remitters.repository.js';

/**
 * The remitter of a mobile and one of its beneficiaries that is not deleted, or 404: a
 * beneficiary of another remitter is answered as one that does not exist.
 */
export async function beneficiaryOfRemitter(
  remitters: RemittersRepository,
  tx: Tx,
  remitterMobile: string,
  beneficiaryId: string,
): Promise<{ remitter: RemitterRow; beneficiary: BeneficiaryRow }> {
  const remitter = await remitters.findByMobile(tx, remitterMobile);
  if (!remitter) throw new AppError(ErrorKind.NotFound, DmtMessages.remitterNotFound);
  const beneficiary = await remitters.findBeneficiary(tx, beneficiaryId);
  if (!beneficiary || beneficiary.remitterId !== remitter.id || beneficiary.state === 'deleted') {
    throw new AppError(ErrorKind.NotFound, DmtMessages.beneficiaryNotFound);
  }
  return { remitter, beneficiary };
}
