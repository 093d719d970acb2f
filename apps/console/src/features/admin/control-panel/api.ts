import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

export interface LoginEntry {
  date: string;
  ip: string | null;
  location: { lat: string | null; long: string | null };
  loginId: string;
  /** The session this browser holds. */
  current?: boolean;
}

/** Spec §3 "Account details (control panel)"; the ledger totals arrive when the API has them. */
export interface ControlPanelAccount {
  balance?: number;
  lienAmount?: number;
  securityAmount?: number;
  totalCredit?: number;
  totalPayIn?: number;
  totalPayOut?: number;
  openingBalance?: number;
  closingBalance?: number;
}

interface ControlPanelAnswer {
  message?: string;
  data: { logins: LoginEntry[]; accountDetails: ControlPanelAccount };
}

export const controlPanelKeys = {
  all: ['control-panel'] as const,
  logs: ['control-panel', 'logs'] as const,
};

/** `POST /api/user/cPanel-Logs`: the last 2 sign-ins and the account details. */
export function useControlPanel() {
  return useQuery({
    queryKey: controlPanelKeys.logs,
    queryFn: async () => (await api.post<ControlPanelAnswer>('/user/cPanel-Logs')).data,
  });
}

export function useChangePin() {
  return useMutation({
    mutationKey: ['pin', 'change'],
    mutationFn: (pins: { oldPin: string; newPin: string }) =>
      api.post<{ message: string }>('/user/cPanel-ChangePin', pins),
  });
}

export function useLogoutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['session', 'logoutOne'],
    mutationFn: (loginId: string) =>
      api.post<{ message: string }>('/user/logoutThisSession', { loginId }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: controlPanelKeys.all }),
  });
}

export function useLogoutAllSessions() {
  return useMutation({
    mutationKey: ['session', 'logoutAll'],
    mutationFn: (pin: string) =>
      api.post<{ message: string }>('/user/logoutAllSessions', {}, { pin }),
  });
}
