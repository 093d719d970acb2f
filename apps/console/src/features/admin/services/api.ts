import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ServiceCatalogueAnswer,
  UpdateServicesAnswer,
  UpdateServicesRequest,
  UserServicesAnswer,
  UserServicesRequest,
} from '@khata/domain';
import { api } from '../../../api/client';

export const servicesKeys = {
  all: ['services'] as const,
  catalogue: ['services', 'catalogue'] as const,
  user: (who: UserServicesRequest) => ['services', 'user', who] as const,
};

/** `POST /api/admin/services`: the catalogue with each service's role defaults. */
export function useServiceCatalogue() {
  return useQuery({
    queryKey: servicesKeys.catalogue,
    queryFn: async () => (await api.post<ServiceCatalogueAnswer>('/admin/services')).services,
    staleTime: Infinity,
  });
}

/** `POST /api/admin/userServices`: one user's services, by id or by mobile; none asked when empty. */
export function useUserServices(who: UserServicesRequest | undefined) {
  return useQuery({
    queryKey: servicesKeys.user(who ?? {}),
    queryFn: () => api.post<UserServicesAnswer>('/admin/userServices', who),
    enabled: who !== undefined,
    retry: false,
  });
}

/** `POST /api/admin/updateServices` with the admin's PIN; every services query reads again after. */
export function useUpdateServices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['services', 'update'],
    mutationFn: ({ pin, ...body }: UpdateServicesRequest & { pin: string }) =>
      api.post<UpdateServicesAnswer>('/admin/updateServices', body, { pin }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: servicesKeys.all }),
  });
}
