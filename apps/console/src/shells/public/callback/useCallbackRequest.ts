import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';

export interface CallbackRequest {
  name: string;
  mobile: string;
  message?: string;
}

interface CallbackAnswer {
  success: true;
  message: string;
}

/** Stores a visitor's call-back request (POST /api/public/callback-request). */
export function useCallbackRequest() {
  return useMutation({
    mutationKey: ['callback-request', 'create'],
    mutationFn: (request: CallbackRequest) =>
      api.post<CallbackAnswer>('/public/callback-request', request),
  });
}
