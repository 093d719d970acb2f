import { Allow } from 'class-validator';

// The bodies are checked by libs/domain's rules in the handlers (one message each), so each
// field is let through as it came.

export class SchemeDto {
  @Allow() id?: unknown;
  @Allow() name?: unknown;
  @Allow() service?: unknown;
  @Allow() slabs?: unknown;
  /** A bbps scheme's slabs per BBPS category (issue 27); left out, an edit keeps them. */
  @Allow() categorySlabs?: unknown;
}
export class SchemeDefaultDto {
  @Allow() roleKind?: unknown;
  @Allow() schemeId?: unknown;
}
export class SchemeAssignDto {
  @Allow() userId?: unknown;
  @Allow() mobile?: unknown;
  @Allow() service?: unknown;
  @Allow() schemeId?: unknown;
}
export class PayoutRatesDto {
  @Allow() userId?: unknown;
  @Allow() mobile?: unknown;
  @Allow() payout?: unknown;
}
export class UserIdDto {
  @Allow() userId?: unknown;
}
export class TaxRateDto {
  @Allow() kind?: unknown;
  @Allow() rate?: unknown;
  @Allow() effectiveFrom?: unknown;
}
export class ProfitDto {
  @Allow() from?: unknown;
  @Allow() to?: unknown;
  @Allow() groupBy?: unknown;
  @Allow() earnerId?: unknown;
}
