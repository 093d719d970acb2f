import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AepsBeneficiaryRecord,
  BankBeneficiaryRecord,
  BankBeneficiaryType,
  BankListAnswer,
  BeneficiaryListAnswer,
  BeneficiaryRecord,
  BeneficiaryStatus,
  CheckLastTransactionAnswer,
  CheckLastTransactionRequest,
  CreateAepsBeneficiaryAnswer,
  CreateAepsBeneficiaryRequest,
  CreateBeneficiaryAnswer,
  CreateBeneficiaryRequest,
  MessageAnswer,
  PaymentMode,
  PaymentQuoteAnswer,
  PaymentQuoteRequest,
  PayoutAnswer,
  PayoutRequest,
  VerifyBankAccountAnswer,
  VerifyBankAccountRequest,
  VerifyBeneficiaryRequest,
} from '@khata/domain';
import { api, moneyHeaders, type MoneyCallHeaders } from '../../../api/client';
import { balanceKeys } from '../balance/api';
import { rememberRecord, transactionKeys } from '../transactions/api';

/** A saved beneficiary as `/user/getBeneficiaryList` answers it (spec §3). */
export type Beneficiary = BeneficiaryRecord;

/** What each list holds: bank beneficiaries (payout and DMT), or AEPS settlement accounts. */
interface BeneficiaryLists {
  bank: BankBeneficiaryRecord;
  aeps: AepsBeneficiaryRecord;
}

/** The form's new bank beneficiary: the contract's body, with what the form always knows. */
export interface NewBeneficiary extends CreateBeneficiaryRequest {
  status: BeneficiaryStatus;
  /** `payout` (own or business accounts) or `dmt` (a customer's transfer, with an OTP). */
  type?: BankBeneficiaryType;
}

export interface NewAepsAccount extends CreateAepsBeneficiaryRequest {
  status: BeneficiaryStatus;
}

/**
 * A payout as the form submits it: the contract's body, plus the PIN and Idempotency-Key
 * (headers) and which route carries it.
 */
export interface PayoutSubmission extends PayoutRequest, MoneyCallHeaders {
  /** Rupees as a decimal string. */
  amount: string;
  paymentMode: PaymentMode;
  /** `payout` (a bank beneficiary) or `aeps` (settlement of the AEPS balance). */
  type: 'payout' | 'aeps';
  /** Admins only: `/admin/unlimitedPayout`. */
  unlimited?: boolean;
}

export type { PayoutAnswer };

/** The account whose latest payouts to show, and how many. */
export type LastTransactionsOf = Required<CheckLastTransactionRequest> & { limit: number };

export const payoutKeys = {
  banks: ['banks', 'list'] as const,
  beneficiaries: ['beneficiaries'] as const,
  beneficiaryList: (type: 'bank' | 'aeps') => ['beneficiaries', 'list', { type }] as const,
  lastTransactions: (account: LastTransactionsOf) => ['payouts', 'last', account] as const,
};

export function useBanks() {
  return useQuery({
    queryKey: payoutKeys.banks,
    queryFn: async () => (await api.post<BankListAnswer>('/user/getBankList')).result,
    staleTime: 60 * 60 * 1000,
  });
}

/** Bank beneficiaries (payout and DMT), or the AEPS settlement accounts. */
export function useBeneficiaries<List extends keyof BeneficiaryLists>(type: List) {
  return useQuery({
    queryKey: payoutKeys.beneficiaryList(type),
    queryFn: async () => {
      const answer = await api.post<BeneficiaryListAnswer>(
        '/user/getBeneficiaryList',
        type === 'aeps' ? { type: 'aeps' } : {},
      );
      // The filter keeps exactly the records of the list asked for, whatever the list.
      return answer.beneficiaries.filter(
        (beneficiary) => (beneficiary.type === 'aeps') === (type === 'aeps'),
      ) as BeneficiaryLists[List][];
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
      api.post<CreateBeneficiaryAnswer>('/user/createBeneficiary', beneficiary),
    onSuccess: invalidate,
  });
}

export function useCreateAepsBeneficiary() {
  const invalidate = useInvalidateBeneficiaries();
  return useMutation({
    mutationKey: ['beneficiaries', 'createAeps'],
    mutationFn: (account: NewAepsAccount) =>
      api.post<CreateAepsBeneficiaryAnswer>('/user/createAepsBeneficiary', account),
    onSuccess: invalidate,
  });
}

/** Penny drop: verified only when the bank returns the payee's name (spec §4). */
export function useVerifyBankAccount() {
  return useMutation({
    mutationKey: ['beneficiaries', 'verifyAccount'],
    mutationFn: (account: Omit<VerifyBankAccountRequest, 'consent' | 'type'>) =>
      api.post<VerifyBankAccountAnswer>('/user/verifyBankAccount', {
        ...account,
        consent: true,
        type: 'payout',
      } satisfies VerifyBankAccountRequest),
  });
}

/** The DMT OTP step: Register Beneficiary (spec §4). */
export function useVerifyBeneficiaryOtp() {
  const invalidate = useInvalidateBeneficiaries();
  return useMutation({
    mutationKey: ['beneficiaries', 'verifyOtp'],
    mutationFn: (step: VerifyBeneficiaryRequest) =>
      api.post<MessageAnswer>('/user/verifyBeneficiary', step),
    onSuccess: invalidate,
  });
}

export function useDeleteBeneficiary() {
  const invalidate = useInvalidateBeneficiaries();
  return useMutation({
    mutationKey: ['beneficiaries', 'delete'],
    mutationFn: (id: string) => api.delete<MessageAnswer>('/user/deleteBeneficiary', { id }),
    onSuccess: invalidate,
  });
}

/** `/payment/bankTransfer` (or the admin's `/admin/unlimitedPayout`), PIN and key in headers. */
export function usePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['payouts', 'request'],
    mutationFn: ({ pin, idempotencyKey, unlimited, confirmDuplicate, ...body }: PayoutSubmission) =>
      api.post<PayoutAnswer>(
        unlimited ? '/admin/unlimitedPayout' : '/payment/bankTransfer',
        {
          ...body,
          ...(confirmDuplicate ? { confirmDuplicate: true } : {}),
        } satisfies PayoutRequest,
        moneyHeaders({ pin, idempotencyKey }),
      ),
    onSuccess: (answer) => {
      rememberRecord(queryClient, answer.transactionRecord);
      for (const queryKey of [balanceKeys.all, transactionKeys.lists, ['ledger'], ['payouts']])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** `/user/checkLastTransaction`: the latest payouts to one account (5 by default, at most 20). */
export function useLastTransactions(account: LastTransactionsOf | undefined) {
  return useQuery({
    queryKey: payoutKeys.lastTransactions(account ?? { accountNumber: '', ifsc: '', limit: 0 }),
    queryFn: async () =>
      (await api.post<CheckLastTransactionAnswer>('/user/checkLastTransaction', account)).data,
    enabled: account !== undefined,
  });
}

/** What a payment's quote is asked for: the form's amount (rupees, 2 decimals) and choices. */
export interface QuoteOf extends PaymentQuoteRequest {
  amount: string;
  type: 'payout' | 'aeps';
  paymentMode: PaymentMode;
  unlimited: boolean;
}

/**
 * `/payment/quote` (issue 23): the fee and total the API will charge for this payment, by the
 * rule the transfer charges by. Never taken from the cache when it decides (`staleTime` 0).
 */
export function quoteOptions(of: QuoteOf) {
  return queryOptions({
    queryKey: ['payouts', 'quote', of] as const,
    queryFn: async () => (await api.post<PaymentQuoteAnswer>('/payment/quote', of)).quote,
    staleTime: 0,
    retry: false,
  });
}

/** The quote of the form's payment as it stands; off while the amount is not one. */
export function usePaymentQuote(of: QuoteOf | undefined) {
  return useQuery({
    ...quoteOptions(of ?? { amount: '', type: 'payout', paymentMode: 'IMPS', unlimited: false }),
    enabled: of !== undefined,
  });
}
