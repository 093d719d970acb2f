import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BANK_STATEMENT_FIELD,
  FUND_PROOF_FIELD,
  type CompanyBankAccountsAnswer,
  type FundDecisionAnswer,
  type PendingApprovalAnswer,
  type FundDecisionRequest,
  type FundRequestAnswer,
  type FundRequestListAnswer,
  type FundRequestListRequest,
  type SaveCompanyBankAccountAnswer,
  type SaveCompanyBankAccountRequest,
  type StatementMatchesAnswer,
  type StatementUploadAnswer,
} from '@khata/domain';
import { api } from '../../../api/client';
import { balanceKeys } from '../balance/api';

export const fundKeys = {
  all: ['fund-requests'] as const,
  mine: (request: FundRequestListRequest) => ['fund-requests', 'mine', request] as const,
  queue: (request: FundRequestListRequest) => ['fund-requests', 'queue', request] as const,
  banks: ['fund-requests', 'banks'] as const,
  allBanks: ['fund-requests', 'all-banks'] as const,
  matches: (bankAccountId: string) => ['fund-requests', 'matches', bankAccountId] as const,
};

/** `fundRequest.updated`: a request was sent or decided; the lists (and balance) read again. */
export function refreshAfterFundRequestUpdate(
  queryClient: ReturnType<typeof useQueryClient>,
): void {
  for (const queryKey of [fundKeys.all, balanceKeys.all])
    void queryClient.invalidateQueries({ queryKey });
}

export function useCompanyBanks() {
  return useQuery({
    queryKey: fundKeys.banks,
    queryFn: async () => (await api.post<CompanyBankAccountsAnswer>('/user/companyBanks')).data,
  });
}

export function useMyFundRequests(request: FundRequestListRequest) {
  return useQuery({
    queryKey: fundKeys.mine(request),
    queryFn: () => api.post<FundRequestListAnswer>('/user/paymentRequests', request),
    placeholderData: (previous) => previous,
  });
}

export interface FundRequestForm {
  amount: string;
  mode: string;
  utr: string;
  bankAccountId: string;
  depositDate: string;
  remark?: string;
  proof: File;
}

export function useSubmitFundRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['fund-requests', 'submit'],
    mutationFn: ({ proof, ...fields }: FundRequestForm) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) {
        if (value !== undefined && value !== '') form.append(key, value);
      }
      form.append(FUND_PROOF_FIELD, proof);
      return api.postForm<FundRequestAnswer>('/user/paymentRequest', form);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fundKeys.all }),
  });
}

export function useFundQueue(request: FundRequestListRequest) {
  return useQuery({
    queryKey: fundKeys.queue(request),
    queryFn: () => api.post<FundRequestListAnswer>('/admin/paymentApprovals', request),
    placeholderData: (previous) => previous,
  });
}

export function useDecideFundRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['fund-requests', 'decide'],
    mutationFn: ({ pin, ...decision }: FundDecisionRequest & { pin: string }) =>
      api.post<FundDecisionAnswer | PendingApprovalAnswer>('/admin/paymentApproval', decision, {
        pin,
      }),
    onSettled: () => refreshAfterFundRequestUpdate(queryClient),
  });
}

export function useAllCompanyBanks(enabled: boolean) {
  return useQuery({
    queryKey: fundKeys.allBanks,
    queryFn: async () =>
      (await api.post<CompanyBankAccountsAnswer>('/admin/companyBankAccounts')).data,
    enabled,
  });
}

export function useSaveCompanyBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['fund-requests', 'save-bank'],
    mutationFn: (account: SaveCompanyBankAccountRequest) =>
      api.post<SaveCompanyBankAccountAnswer>('/admin/companyBankAccount', account),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fundKeys.all }),
  });
}

export function useStatementMatches(bankAccountId: string | undefined) {
  return useQuery({
    queryKey: fundKeys.matches(bankAccountId ?? ''),
    queryFn: async () =>
      (await api.post<StatementMatchesAnswer>('/admin/bankStatementMatches', { bankAccountId }))
        .matches,
    enabled: Boolean(bankAccountId),
  });
}

export function useUploadStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['fund-requests', 'statement'],
    mutationFn: ({ bankAccountId, file }: { bankAccountId: string; file: File }) => {
      const form = new FormData();
      form.append('bankAccountId', bankAccountId);
      form.append(BANK_STATEMENT_FIELD, file);
      return api.postForm<StatementUploadAnswer>('/admin/bankStatement', form);
    },
    onSuccess: (answer, { bankAccountId }) =>
      queryClient.setQueryData(fundKeys.matches(bankAccountId), answer.matches),
  });
}

export type ProofState = { url?: string; type?: string; error?: string };

/** A request's proof as an object URL (the API serves it only with the session's token). */
export function useProofUrl(id: string | undefined): ProofState {
  const [state, setState] = useState<ProofState>({});
  useEffect(() => {
    if (!id) return undefined;
    let url: string | undefined;
    let closed = false;
    setState({});
    api.blob(`/user/paymentProof/${id}`).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        if (closed) URL.revokeObjectURL(url);
        else setState({ url, type: blob.type });
      },
      (error: Error) => !closed && setState({ error: error.message }),
    );
    return () => {
      closed = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return state;
}
