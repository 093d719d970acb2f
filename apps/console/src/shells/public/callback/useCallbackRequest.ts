import { useMutation } from '@tanstack/react-query';
import type { CallbackRequestAnswer, CallbackRequestRequest } from '@khata/domain';
import { api } from '../../../api/client';

export type CallbackRequest = CallbackRequestRequest;

/** Stores a visitor's call-back request (POST /api/public/callback-request). */
export function useCallbackRequest() {
  return useMutation({
    mutationKey: ['callback-request', 'create'],
    mutationFn: (request: CallbackRequest) =>
      api.post<CallbackRequestAnswer>('/public/callback-request', request),
  });
}
