import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordRequest,
  ChangePinRequest,
  ControlPanelAccountDetails,
  ControlPanelAnswer,
  LoginRecord,
  LogoutSessionRequest,
  MessageAnswer,
} from '@khata/domain';
import { api } from '../../../api/client';

/** One sign-in of the logs; `current` marks the session this browser holds. */
export type LoginEntry = LoginRecord;

/** Spec §3 "Account details (control panel)". */
export type ControlPanelAccount = ControlPanelAccountDetails;

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
    mutationFn: (pins: ChangePinRequest) => api.post<MessageAnswer>('/user/cPanel-ChangePin', pins),
  });
}

/** Ends the caller's other sessions too: the login history is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['password', 'change'],
    mutationFn: async (change: ChangePasswordRequest) =>
      api.post<MessageAnswer>('/user/cPanel-ChangePassword', change),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: controlPanelKeys.all }),
  });
}

export function useLogoutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['session', 'logoutOne'],
    mutationFn: (loginId: string) =>
      api.post<MessageAnswer>('/user/logoutThisSession', {
        loginId,
      } satisfies LogoutSessionRequest),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: controlPanelKeys.all }),
  });
}

export function useLogoutAllSessions() {
  return useMutation({
    mutationKey: ['session', 'logoutAll'],
    mutationFn: (pin: string) => api.post<MessageAnswer>('/user/logoutAllSessions', {}, { pin }),
  });
}
