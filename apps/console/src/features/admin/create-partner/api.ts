import { useMutation } from '@tanstack/react-query';
import type { CreatePartnerAnswer, CreatePartnerRequest } from '@khata/domain';
import { api } from '../../../api/client';

/** `POST /api/admin/createPartner`. */
export function useCreatePartner() {
  return useMutation({
    mutationKey: ['partners', 'create'],
    mutationFn: (request: CreatePartnerRequest) =>
      api.post<CreatePartnerAnswer>('/admin/createPartner', request),
  });
}
