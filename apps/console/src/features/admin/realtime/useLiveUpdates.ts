import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { moneyArrivedMessage, type BalanceCall } from '@khata/domain';
import { i18n } from '../../../i18n/i18n';
import { authKeys, endReason, endSession, forceLogout, useSessionToken } from '../../auth';
import { applyBalanceUpdate, balanceKeys, type Balance } from '../balance/api';
import { refreshAfterFundRequestUpdate } from '../fund-requests/api';
import { refreshAfterKycUpdate } from '../kyc';
import { refreshAfterComplaint } from '../complaints';
import { refreshAfterNotice } from '../notices';
import { payoutKeys } from '../payouts/api';
import { rememberRecord, reportKeys, transactionKeys } from '../transactions/api';
import { connectLiveUpdates, type LiveStatus } from './liveUpdates';

/** Query keys a money movement makes stale besides the balance and the record itself. */
const MOVED_BY_MONEY = [
  transactionKeys.lists,
  reportKeys.all,
  ['ledger'],
  ['control-panel'],
] as const;

export interface LiveChannel {
  status: LiveStatus;
  /**
   * Says a logout the user chose is under way: the server then announces the end of this
   * session, which must not be taken for a forced logout (that one clears every cookie, the
   * terms flag included). Answers a function to call when the logout failed after all.
   */
  expectLogout: () => () => void;
}

/**
 * Keeps the admin area current from the live channel while it is open: the balance from
 * `balance.updated`, receipts and reports from `transaction.updated`, the sidebar from
 * `services.updated`; `session.revoked` logs out like code 2211.
 */
export function useLiveUpdates(call: BalanceCall | undefined): LiveChannel {
  const token = useSessionToken();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const loggingOut = useRef(false);
  const told = useRef(new Set<string>());
  const { notification } = App.useApp();

  useEffect(() => {
    if (!token) return undefined;
    return connectLiveUpdates(token, {
      onStatus: setStatus,
      // Events are hints, lost while disconnected: read again what the screen shows.
      onConnected: () => {
        for (const queryKey of [balanceKeys.all, transactionKeys.all, ...MOVED_BY_MONEY])
          void queryClient.invalidateQueries({ queryKey });
        // A KYC or AEPS decision made while disconnected was not heard either.
        refreshAfterKycUpdate(queryClient);
        refreshAfterFundRequestUpdate(queryClient);
        void queryClient.invalidateQueries({ queryKey: payoutKeys.beneficiaries });
        refreshAfterNotice(queryClient);
        refreshAfterComplaint(queryClient);
      },
      // Shown at once wherever the user is; the dashboard keeps it until dismissed.
      onNotice: (notice) => {
        refreshAfterNotice(queryClient);
        notification.info({ title: notice.title, description: notice.body, placement: 'top' });
      },
      onNoticeWithdrawn: () => refreshAfterNotice(queryClient),
      onComplaint: () => refreshAfterComplaint(queryClient),
      onBalance: (update) => {
        if (!call) return;
        queryClient.setQueryData<Balance>(balanceKeys.check(call), (previous) =>
          applyBalanceUpdate(previous, update),
        );
        void queryClient.invalidateQueries({ queryKey: ['control-panel'] });
      },
      onTransaction: (record) => {
        // Issue 23: the recipient is told when money arrives, once per record.
        const arrived = moneyArrivedMessage(record);
        if (arrived && !told.current.has(record._id)) {
          told.current.add(record._id);
          notification.success({
            key: `arrived-${record._id}`,
            // Said when the event comes, in the language of that moment.
            title: i18n.t('realtime:moneyReceived'),
            description: arrived,
            placement: 'top',
          });
        }
        rememberRecord(queryClient, record);
        for (const queryKey of MOVED_BY_MONEY) void queryClient.invalidateQueries({ queryKey });
      },
      // The balance call and the profile both carry the services the sidebar is drawn from.
      onServices: () => {
        for (const queryKey of [balanceKeys.all, authKeys.userData, ['services']])
          void queryClient.invalidateQueries({ queryKey });
      },
      onKyc: () => refreshAfterKycUpdate(queryClient),
      onAepsAccount: () =>
        void queryClient.invalidateQueries({ queryKey: payoutKeys.beneficiaries }),
      onFundRequest: () => refreshAfterFundRequestUpdate(queryClient),
      onSessionRevoked: (reason) =>
        loggingOut.current ? endSession({ chosen: true }) : forceLogout(endReason(reason)),
      onHandshakeRefused: () => void queryClient.invalidateQueries({ queryKey: authKeys.userData }),
    });
  }, [token, call, queryClient, notification]);

  const expectLogout = useCallback(() => {
    loggingOut.current = true;
    return () => {
      loggingOut.current = false;
    };
  }, []);
  return { status, expectLogout };
}

export const LiveChannelContext = createContext<LiveChannel>({
  status: 'offline',
  expectLogout: () => () => undefined,
});

/** The admin layout's live channel: its state for the top bar, and chosen logouts. */
export function useLiveChannel(): LiveChannel {
  return useContext(LiveChannelContext);
}
