import {
  checkDatabasePage,
  checkDatabasePageSize,
  checkSignedHeadDay,
  type ChainHeadsRequest,
} from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';

/** A page of chain heads or signed heads. */
export class DatabasePageDto implements ChainHeadsRequest {
  @Satisfies(checkDatabasePage)
  page?: number | string;

  @Satisfies(checkDatabasePageSize)
  pageSize?: number | string;
}

/** The day whose signed head to download. */
export class SignedHeadDto {
  @Satisfies(checkSignedHeadDay)
  day!: string;
}
