import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentMode } from '@khata/domain';
import { api } from '../../../api/client';
import { balanceKeys } from '../balance/api';
import { rememberRecord, transactionKeys, type TransactionRecord } from '../transactions/api';

/** A bank of `/user/getBankList` (spec §3). */
export interface BankOption {
  bankId: number | string;
  name: string;
  ifscGlobal: string;
}

export type BeneficiaryType = 'payout' | 'dmt' | 'aeps';

/** A saved beneficiary as `/user/getBeneficiaryList` answers it (spec §3). */
export interface Beneficiary {
  _id: string;
  name: string;
  bankName: string;
  accountNumber: string;
  maskedAccountNumber?: string;
  ifscCode: string;
  status: 'verified' | 'pending';
  type?: BeneficiaryType;
  /** AEPS accounts: approved by an admin before they can be paid. */
  activationStatus?: string | null;
  /** DMT: false until the remitter's OTP registered it. */
  registered?: boolean;
  beneficiaryMobile?: string | null;
  remitterMobile?: string | null;
}

export interface NewBeneficiary {
  bankName: string;
  IfscCode: string;
  AccountNo: string;
  name: string;
  status: 'verified' | 'pending';
  /** `payout` (own or business accounts) or `dmt` (a customer's transfer, with an OTP). */
  type?: 'payout' | 'dmt';
  /** DMT: the remitter (customer) whose phone gets the OTP. */
  mobile?: string;
  beneficiaryMobileNumber?: string;
}

export interface CreatedBeneficiary {
  message: string;
  data: { beneficiaryId: string; referenceKey: string | null; otpRequired?: boolean };
}

export interface PayoutRequest {
  amount: string;
  beneficiaryName: string;
  beneficiaryAccountNumber: string;
  beneficiaryIfscCode: string;
  paymentMode: PaymentMode;
  /** `payout` (a bank beneficiary) or `aeps` (settlement of the AEPS balance). */
  type: 'payout' | 'aeps';
  /** Sent again after the user confirmed a repeat within 20 minutes. */
  confirmDuplicate?: boolean;
  /** Admins only: `/admin/unlimitedPayout`. */
  unlimited?: boolean;
  pin: string;
  idempotencyKey: string;
}

export interface PayoutAnswer {
  message?: string;
  result?: { message?: string };
  transactionRecord: TransactionRecord;
}

export const payoutKeys = {
  banks: ['banks', 'list'] as const,
  beneficiaries: ['beneficiaries'] as const,
  beneficiaryList: (type: 'bank' | 'aeps') => ['beneficiaries', 'list', { type }] as const,
  lastTransactions: (account: { accountNumber: string; ifsc: string; limit: number }) =>
    ['payouts', 'last', account] as const,
};

export function useBanks() {
  return useQuery({
    queryKey: payoutKeys.banks,
    queryFn: async () => (await api.post<{ result: BankOption[] }>('/user/getBankList')).result,
    staleTime: 60 * 60 * 1000,
  });
}

/** Bank beneficiaries (payout and DMT), or the AEPS settlement accounts. */
export function useBeneficiaries(type: 'bank' | 'aeps') {
  return useQuery({
    queryKey: payoutKeys.beneficiaryList(type),
    queryFn: async () => {
      const answer = await api.post<{ beneficiaries: Beneficiary[] }>(
        '/user/getBeneficiaryList',
        type === 'aeps' ? { type: 'aeps' } : {},
      );
      return type === 'aeps'
        ? answer.beneficiaries
        : answer.beneficiaries.filter((beneficiary) => beneficiary.type !== 'aeps');
    },
  });
}

function useInvalidateBeneficiaries() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: payoutKeys.beneficiaries });
}

export function useCreateBeneficiary() {
  const invalidate = useInvalidateBeneficiaries();
  return useMutation({
    mutationKey: ['beneficiaries', 'create'],
    mutationFn: (beneficiary: NewBeneficiary) =>
      api.post<CreatedBeneficiary>('/user/createBeneficiary', beneficiary),
    onSuccess: invalidate,
  });
}

export function useCreateAepsBeneficiary() {
  const invalidate = useInvalidateBeneficiaries();
  return useMutation({
    mutationKey: ['beneficiaries', 'createAeps'],
    mutationFn: (beneficiary: Omit<NewBeneficiary, 'type' | 'mobile'>) =>
      api.post<CreatedBeneficiary>('/user/createAepsBeneficiary', beneficiary),
    onSuccess: invalidate,
  });
}

/** Penny drop: verified only when the bank returns the payee's name (spec §4). */
export function useVerifyBankAccount() {
  return useMutation({
    mutationKey: ['beneficiaries', 'verifyAccount'],
    mutationFn: (account: { name?: string; accountNumber: string; ifscCode: string }) =>
      api.post<{ message?: string; result: unknown }>('/user/verifyBankAccount', {
        ...account,
        consent: true,
        type: 'payout',
      }),
  });
}

/** The DMT OTP step: Register Beneficiary (spec §4). */
export function useVerifyBeneficiaryOtp() {
  const invalidate = useInvalidateBeneficiaries();
  return useMutation({
    mutationKey: ['beneficiaries', 'verifyOtp'],
    mutationFn: (step: {
      remitterMobileNumber: string;
      referenceKey: string;
      otp: string;
      beneficiaryId: string;
    }) => api.post<{ message: string }>('/user/verifyBeneficiary', step),
    onSuccess: invalidate,
  });
}

export function useDeleteBeneficiary() {
  const invalidate = useInvalidateBeneficiaries();
  return useMutation({
    mutationKey: ['beneficiaries', 'delete'],
    mutationFn: (id: string) => api.delete<{ message: string }>('/user/deleteBeneficiary', { id }),
    onSuccess: invalidate,
  });
}

/** `/payment/bankTransfer` (or the admin's `/admin/unlimitedPayout`), PIN and key in headers. */
export function usePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['payouts', 'request'],
    mutationFn: ({ pin, idempotencyKey, unlimited, confirmDuplicate, ...body }: PayoutRequest) =>
      api.post<PayoutAnswer>(
        unlimited ? '/admin/unlimitedPayout' : '/payment/bankTransfer',
        { ...body, ...(confirmDuplicate ? { confirmDuplicate: true } : {}) },
        { pin, 'Idempotency-Key': idempotencyKey },
      ),
    onSuccess: (answer) => {
      rememberRecord(queryClient, answer.transactionRecord);
      for (const queryKey of [balanceKeys.all, transactionKeys.lists, ['ledger'], ['payouts']])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export interface LastTransaction {
  _id?: string;
  amount?: { amount?: number } | number;
  status?: string;
  createdAt?: string;
  payload?: { orderID?: string };
  orderID?: string;
}

/** `/user/checkLastTransaction`: the latest payouts to one account (5 by default, at most 20). */
export function useLastTransactions(
  account: { accountNumber: string; ifsc: string; limit: number } | undefined,
) {
  return useQuery({
    queryKey: payoutKeys.lastTransactions(account ?? { accountNumber: '', ifsc: '', limit: 0 }),
    queryFn: async () =>
      (await api.post<{ data: LastTransaction[] }>('/user/checkLastTransaction', account)).data,
    enabled: account !== undefined,
  });
}
