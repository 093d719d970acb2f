import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddDmtBeneficiaryAnswer,
  AddDmtBeneficiaryRequest,
  ConfirmDmtBeneficiaryRequest,
  CustomerOtpSentAnswer,
  DeleteDmtBeneficiaryRequest,
  DmtBeneficiaryAnswer,
  DmtBeneficiaryRecord,
  RegisterRemitterRequest,
  RemitterAnswer,
  RemitterEkycAnswer,
  RemitterEkycRequest,
  RemitterLookupAnswer,
  RemitterRecord,
  VerifyRemitterRequest,
} from '@khata/domain';
import { api } from '../../../api/client';

// The DMT remitter routes (docs/api.md, "DMT (issue 25): remitters and beneficiaries").

/** A remitter with this month's limit and its beneficiaries; the console's name for it. */
export type Remitter = RemitterRecord;
export type RemitterBeneficiary = DmtBeneficiaryRecord;

/** A lookup: the remitter of a mobile (maybe still waiting for its OTP), or none. */
export interface RemitterLookup {
  registered: boolean;
  remitter: Remitter | undefined;
}

/** TanStack Query keys: [resource, verb, params]. */
export const remitterKeys = {
  all: ['dmt', 'remitter'] as const,
  one: (mobile: string) => ['dmt', 'remitter', { mobile }] as const,
};

/** `POST /api/dmt/remitter`: the remitter of a mobile, or that there is none. */
export function remitterOptions(mobile: string) {
  return queryOptions({
    queryKey: remitterKeys.one(mobile),
    queryFn: async (): Promise<RemitterLookup> => {
      const answer = await api.post<RemitterLookupAnswer>('/dmt/remitter', { mobile });
      return { registered: answer.registered, remitter: answer.remitter };
    },
    staleTime: 0,
    retry: false,
  });
}

/** The remitter of a mobile number; off while no 10-digit number is given. */
export function useRemitter(mobile: string | undefined) {
  return useQuery({ ...remitterOptions(mobile ?? ''), enabled: mobile !== undefined });
}

function useRefreshRemitters() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: remitterKeys.all });
}

export function useRegisterRemitter() {
  const refresh = useRefreshRemitters();
  return useMutation({
    mutationKey: ['dmt', 'remitter', 'register'],
    mutationFn: (registration: RegisterRemitterRequest) =>
      api.post<CustomerOtpSentAnswer>('/dmt/remitter/register', registration),
    onSuccess: refresh,
  });
}

export function useVerifyRemitter() {
  const refresh = useRefreshRemitters();
  return useMutation({
    mutationKey: ['dmt', 'remitter', 'verify'],
    mutationFn: (step: VerifyRemitterRequest) =>
      api.post<RemitterAnswer>('/dmt/remitter/verify', step),
    onSuccess: refresh,
  });
}

/** e-KYC by Aadhaar OTP: a call without `otp` starts it, a call with it completes it. */
export function useRemitterEkyc() {
  const refresh = useRefreshRemitters();
  return useMutation({
    mutationKey: ['dmt', 'remitter', 'ekyc'],
    mutationFn: (step: RemitterEkycRequest) =>
      api.post<RemitterEkycAnswer>('/dmt/remitter/ekyc', step),
    onSuccess: refresh,
  });
}

/** The beneficiary waits for the OTP sent to the remitter (after a penny drop, if asked). */
export function useAddRemitterBeneficiary() {
  const refresh = useRefreshRemitters();
  return useMutation({
    mutationKey: ['dmt', 'beneficiary', 'add'],
    mutationFn: async (request: AddDmtBeneficiaryRequest): Promise<RemitterBeneficiary> =>
      (await api.post<AddDmtBeneficiaryAnswer>('/dmt/beneficiary/add', request)).beneficiary,
    onSuccess: refresh,
  });
}

export function useConfirmRemitterBeneficiary() {
  const refresh = useRefreshRemitters();
  return useMutation({
    mutationKey: ['dmt', 'beneficiary', 'confirm'],
    mutationFn: (step: ConfirmDmtBeneficiaryRequest) =>
      api.post<DmtBeneficiaryAnswer>('/dmt/beneficiary/confirm', step),
    onSuccess: refresh,
  });
}

/** Deleting asks for an OTP to the remitter first, then deletes with it. */
export function useDeleteRemitterBeneficiary() {
  const refresh = useRefreshRemitters();
  const ask = useMutation({
    mutationKey: ['dmt', 'beneficiary', 'delete'],
    mutationFn: (of: DeleteDmtBeneficiaryRequest) =>
      api.post<CustomerOtpSentAnswer>('/dmt/beneficiary/delete', of),
  });
  const confirm = useMutation({
    mutationKey: ['dmt', 'beneficiary', 'delete', 'confirm'],
    mutationFn: (step: ConfirmDmtBeneficiaryRequest) =>
      api.post<DmtBeneficiaryAnswer>('/dmt/beneficiary/delete/confirm', step),
    onSuccess: refresh,
  });
  return { ask, confirm };
}
