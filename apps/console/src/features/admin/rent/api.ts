import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RentStatus } from '@khata/domain';
import { api } from '../../../api/client';
import { balanceKeys } from '../balance/api';
import { transactionKeys } from '../transactions/api';

/*
 * The rent agreement routes (issue 28, docs/api.md "Rent agreements"). Amounts are rupees
 * (JSON numbers), as the API answers them.
 */

export interface RentQuoteRequest {
  state: string;
  rent: string;
  deposit?: string;
  termMonths?: number;
  yearlyIncreasePercent?: string;
  propertyKind?: string;
}

export interface RentQuoteDto {
  stampDuty: number;
  serviceCharge: number;
  total: number;
  commission: number;
  stampRule: { state: string; basis: string; kind: 'sourced' | 'configuration'; source: string };
  warnings: string[];
  registrationRequired: boolean;
}

export interface RentPartyDto {
  id: string;
  role: 'landlord' | 'tenant';
  position: number;
  name: string;
  parentName: string;
  address: string;
  mobile: string;
  idKind: 'pan' | 'aadhaar';
  idValue: string;
  otpSent: boolean;
  signedAt: string | null;
  esignReference: string | null;
}

export interface RentAgreementDto {
  id: string;
  reference: string;
  status: RentStatus;
  statusLabel: string;
  shopId: string;
  shopName: string;
  state: string;
  stateName: string;
  city: string;
  propertyAddress: string;
  propertyKind: string;
  rent: number;
  deposit: number;
  maintenance: number;
  startDate: string;
  termMonths: number;
  lockInMonths: number;
  noticeMonths: number;
  yearlyIncreasePercent: number;
  furnishings: string[];
  witnesses: { name: string; address: string }[];
  stampDuty: number | null;
  serviceCharge: number | null;
  total: number | null;
  commission: number | null;
  estampCertificate: string | null;
  refunded: boolean;
  createdAt: string;
  paidAt: string | null;
  stampedAt: string | null;
  sentAt: string | null;
  signedAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
}

export interface RentDetailsDto extends RentAgreementDto {
  parties: RentPartyDto[];
  timeline: { at: string; kind: string; detail: string | null }[];
  warnings: string[];
}

interface Ok<T> {
  success: true;
  data: T;
  message?: string;
  total?: number;
}

export const rentKeys = {
  all: ['rent'] as const,
  quote: (request: RentQuoteRequest) => ['rent', 'quote', request] as const,
  lists: ['rent', 'list'] as const,
  list: (filter: object) => ['rent', 'list', filter] as const,
  one: (id: string) => ['rent', 'one', { id }] as const,
};

/** What a payment or a refund changes: the agreements, the balance and the transaction views. */
export function invalidateRent(queryClient: ReturnType<typeof useQueryClient>): void {
  for (const queryKey of [rentKeys.all, balanceKeys.all, transactionKeys.lists, ['ledger']]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** `POST /api/rent-agreements/quote`: the form's live breakdown, once state and rent are set. */
export function useRentQuote(request: RentQuoteRequest | undefined) {
  return useQuery({
    queryKey: rentKeys.quote(request ?? { state: '', rent: '' }),
    queryFn: async () => (await api.post<Ok<RentQuoteDto>>('/rent-agreements/quote', request)).data,
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
}

export async function createRentDraft(body: unknown): Promise<RentDetailsDto> {
  return (await api.post<Ok<RentDetailsDto>>('/rent-agreements', body)).data;
}

export function useRentAgreements(filter: { status?: string; q?: string; page: number }) {
  return useQuery({
    queryKey: rentKeys.list(filter),
    queryFn: async () => {
      const params = new URLSearchParams({ page: String(filter.page), pageSize: '20' });
      if (filter.status) params.set('status', filter.status);
      if (filter.q) params.set('q', filter.q);
      const answer = await api.get<Ok<RentAgreementDto[]>>(`/rent-agreements?${params.toString()}`);
      return { rows: answer.data, total: answer.total ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
}

export function useRentAgreement(id: string | undefined) {
  return useQuery({
    queryKey: rentKeys.one(id ?? ''),
    queryFn: async () =>
      (await api.get<Ok<RentDetailsDto>>(`/rent-agreements/${encodeURIComponent(id!)}`)).data,
    enabled: Boolean(id),
  });
}

export function payRentAgreement(id: string, pin: string, idempotencyKey: string) {
  return api.post<Ok<RentDetailsDto>>(
    `/rent-agreements/${encodeURIComponent(id)}/pay`,
    { pin },
    { 'Idempotency-Key': idempotencyKey },
  );
}

export function rentAction(id: string, action: 'cancel' | 'stamp') {
  return api.post<Ok<RentDetailsDto>>(`/rent-agreements/${encodeURIComponent(id)}/${action}`);
}

export function sendSignOtp(id: string, partyId: string) {
  return api.post<Ok<{ expiresAt: string }>>(
    `/rent-agreements/${encodeURIComponent(id)}/parties/${encodeURIComponent(partyId)}/otp`,
  );
}

export function signAsParty(id: string, partyId: string, otp: string) {
  return api.post<Ok<RentDetailsDto>>(
    `/rent-agreements/${encodeURIComponent(id)}/parties/${encodeURIComponent(partyId)}/sign`,
    { otp },
  );
}

/** The draft or the signed PDF, saved as a file. */
export async function downloadRentPdf(agreement: RentAgreementDto): Promise<void> {
  const blob = await api.blob(`/rent-agreements/${encodeURIComponent(agreement.id)}/pdf`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `rent-agreement-${agreement.reference}${agreement.status === 'completed' ? '-signed' : '-draft'}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
