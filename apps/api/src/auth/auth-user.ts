import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { KycState, RoleKind } from '@khata/domain';

/** The signed-in caller, as the session guard found them. */
export interface AuthUser {
  userId: string;
  sessionId: string;
  role: string;
  kind: RoleKind;
  /** `effectiveServices`: what the caller may use now. */
  services: readonly string[];
  /** Services it holds that wait for an approved KYC (`servicesAwaitingKyc`). */
  awaitingKyc: readonly string[];
  kycState: KycState;
  mobile: string;
  name: string;
}

export type AuthenticatedRequest = { auth?: AuthUser };

/** `@CurrentUser() user: AuthUser` in a controller method behind the session guard. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext) => {
  const auth = ctx.switchToHttp().getRequest<AuthenticatedRequest>().auth;
  if (!auth) throw new Error('CurrentUser used on a route without a signed-in user.');
  return auth;
});
