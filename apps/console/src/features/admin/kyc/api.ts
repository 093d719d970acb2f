import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  KYC_PHOTO_FIELD,
  type AddPanRequest,
  type KycDecisionAnswer,
  type KycDecisionRequest,
  type KycQueueAnswer,
  type KycQueueRequest,
  type KycStatus,
  type KycStatusAnswer,
  type KycSubmitFields,
  type MessageAnswer,
  type ServiceKey,
} from '@khata/domain';
import { api } from '../../../api/client';
import { balanceKeys } from '../balance/api';

export const kycKeys = {
  all: ['kyc'] as const,
  status: ['kyc', 'status'] as const,
  queues: ['kyc', 'queue'] as const,
  queue: (request: KycQueueRequest) => ['kyc', 'queue', request] as const,
};

/** The signed-in user's own KYC, and the services of theirs that wait for it. */
export type OwnKyc = KycStatus & { awaitingKyc: ServiceKey[] };

export function useKycStatus(enabled = true) {
  return useQuery({
    queryKey: kycKeys.status,
    queryFn: async (): Promise<OwnKyc> => {
      const answer = await api.post<KycStatusAnswer>('/user/kycStatus');
      return { ...answer.kyc, awaitingKyc: answer.awaitingKyc };
    },
    enabled,
  });
}

/** `POST /api/user/pan`: the PAN task for a user with none on file. */
export function useAddPan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['kyc', 'pan'],
    mutationFn: (pan: string) =>
      api.post<MessageAnswer>('/user/pan', { pan } satisfies AddPanRequest),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: kycKeys.status }),
  });
}

export interface KycForm extends KycSubmitFields {
  photo: File;
}

export function useSubmitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['kyc', 'submit'],
    mutationFn: ({ pan, aadhaarLast4, photo }: KycForm) => {
      const form = new FormData();
      form.append('pan', pan);
      form.append('aadhaarLast4', aadhaarLast4);
      form.append(KYC_PHOTO_FIELD, photo);
      return api.postForm<KycStatusAnswer>('/user/kyc', form);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: kycKeys.all }),
  });
}

/** The reviewer's queue, a page at a time. */
export function useKycQueue(request: KycQueueRequest) {
  return useQuery({
    queryKey: kycKeys.queue(request),
    queryFn: () => api.post<KycQueueAnswer>('/admin/kycQueue', request),
    placeholderData: (previous) => previous,
  });
}

export function useDecideKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['kyc', 'decide'],
    mutationFn: ({ pin, ...decision }: KycDecisionRequest & { pin: string }) =>
      api.post<KycDecisionAnswer>('/admin/kycDecision', decision, { pin }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: kycKeys.queues }),
  });
}

/** `kyc.updated`: the state changed, and with it the services the balance call answers. */
export function refreshAfterKycUpdate(queryClient: ReturnType<typeof useQueryClient>): void {
  for (const queryKey of [kycKeys.status, balanceKeys.all])
    void queryClient.invalidateQueries({ queryKey });
}

/** A PAN's shape, as the PAN fields show it (a code, the same in every language). */
export const PAN_EXAMPLE = 'ABCDE1234F';

/** An Aadhaar number as Khata shows it: only its last 4 digits are ever kept. */
export function maskedAadhaar(last4: string | null | undefined): string {
  return `XXXX XXXX ${last4 ?? ''}`;
}
