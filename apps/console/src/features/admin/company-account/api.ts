import { useQuery } from '@tanstack/react-query';
import type { CompanyAccountAnswer } from '@khata/domain';
import { api } from '../../../api/client';

export const companyAccountKeys = {
  all: ['company-account'] as const,
};

/** `POST /api/admin/companyAccount`: the company's own accounts from the ledger (admins). */
export function useCompanyAccount() {
  return useQuery({
    queryKey: companyAccountKeys.all,
    queryFn: () => api.post<CompanyAccountAnswer>('/admin/companyAccount'),
  });
}
