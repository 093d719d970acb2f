import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeMobileRequest,
  MessageAnswer,
  OnboardUserAnswer,
  OnboardUserRequest,
  ResetCredentialsRequest,
  SetCredentialsRequest,
  TemporaryCredential,
} from '@khata/domain';
import { ErrorCode } from '@khata/domain';
import { api, ApiError } from '../../../api/client';

/**
 * `POST /api/admin/register-user` without a password or PIN: a temporary one goes by SMS. A new
 * admin takes the registrar's PIN in the header (issue 31).
 */
export function useOnboardUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pin, ...user }: OnboardUserRequest & { pin?: string }) =>
      api.post<OnboardUserAnswer>('/admin/register-user', user, pin ? { pin } : undefined),
    // A new user shows in All Users, Network, Merchant List, the dashboard's figures: every
    // list read before is stale (issue 23: the distributor found its new retailer missing).
    // Only the queries on screen refetch now; the rest on their next use.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}

/** `POST /api/auth/setCredentials`: answers a fresh session token. */
export function useSetCredentials() {
  return useMutation({
    mutationFn: (values: SetCredentialsRequest) =>
      api.post<MessageAnswer & { token: string }>('/auth/setCredentials', values),
  });
}

/** `POST /api/admin/resetCredentials` with the actor's PIN. */
export function useResetCredentials() {
  return useMutation({
    mutationFn: ({ pin, ...body }: ResetCredentialsRequest & { pin: string }) =>
      api.post<MessageAnswer>('/admin/resetCredentials', body, { pin }),
  });
}

/**
 * What is temporary when the API refused a call with 4031 (the user must set its own
 * password and/or PIN first); undefined for any other error.
 */
export function temporaryCredentialsOf(error: unknown): TemporaryCredential[] | undefined {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.MustChangeCredentials) {
    return undefined;
  }
  const listed = typeof error.answer.temporary === 'string' ? error.answer.temporary : '';
  const temporary = listed
    .split(',')
    .filter((each): each is TemporaryCredential => each === 'password' || each === 'pin');
  return temporary.length > 0 ? temporary : ['password', 'pin'];
}

/** `POST /api/user/changeMobileOtp`: an OTP to the new number. */
export function useChangeMobileOtp() {
  return useMutation({
    mutationFn: (newMobile: string) =>
      api.post<MessageAnswer>('/user/changeMobileOtp', { newMobile }),
  });
}

/** `POST /api/user/changeMobile` with the user's PIN: every session ends after it. */
export function useChangeMobile() {
  return useMutation({
    mutationFn: ({ pin, ...body }: ChangeMobileRequest & { pin: string }) =>
      api.post<MessageAnswer>('/user/changeMobile', body, { pin }),
  });
}
