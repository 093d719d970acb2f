import { useMutation } from '@tanstack/react-query';
import type { CreatePartnerAnswer, CreatePartnerRequest } from '@khata/domain';
import { api } from '../../../api/client';

/** `POST /api/admin/createPartner`, with the admin's PIN in its header (issue 31). */
export function useCreatePartner() {
  return useMutation({
    mutationKey: ['partners', 'create'],
    mutationFn: ({ pin, ...request }: CreatePartnerRequest & { pin: string }) =>
      api.post<CreatePartnerAnswer>('/admin/createPartner', request, { pin }),
  });
}
