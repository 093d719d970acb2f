import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `GET /api/public/rent-agreements/prices` (docs/api.md "Rent agreements"). */
export interface RentPricesDto {
  day: string;
  states: {
    code: string;
    name: string;
    basis: string | null;
    kind: 'sourced' | 'configuration' | null;
    source: string | null;
    effectiveFrom: string | null;
    sample: { stampDuty: number; serviceCharge: number; total: number } | null;
    registrationAlways: boolean;
  }[];
}

/** `GET /api/public/rent-agreements/track`. */
export interface RentTrackDto {
  reference: string;
  status: string;
  state: string;
  city: string;
  startDate: string;
  termMonths: number;
  createdAt: string;
  steps: { kind: string; at: string }[];
  parties: {
    role: 'landlord' | 'tenant';
    name: string;
    signed: boolean;
    signedAt: string | null;
  }[];
}

export function useRentPrices() {
  return useQuery({
    queryKey: ['public', 'rent-prices'],
    queryFn: async () =>
      (await api.get<{ data: RentPricesDto }>('/public/rent-agreements/prices')).data,
    staleTime: 10 * 60_000,
  });
}

export async function trackRentAgreement(reference: string, mobile: string): Promise<RentTrackDto> {
  const query = new URLSearchParams({ reference, mobile }).toString();
  return (await api.get<{ data: RentTrackDto }>(`/public/rent-agreements/track?${query}`)).data;
}
