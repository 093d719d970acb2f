import { useState } from 'react';
import { Alert, App, Button, Card, Empty, List, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkCoordinates, LOGIN_HISTORY_ENTRIES, Messages } from '@khata/domain';
import { endSession } from '../../auth';
import { mapsSearchUrl } from '../../tools';
import { formatDateTime } from '../common/dates';
import { useLiveChannel } from '../realtime/useLiveUpdates';
import { useLogoutSession, type LoginEntry } from './api';
import { LogoutAllButton } from './LogoutAllButton';
import { localizeMessage } from '../../../i18n/messages';
import { FocusedResult } from '../../../ui/FocusedResult';

export interface LoginHistoryCardProps {
  logins: LoginEntry[] | undefined;
  loading: boolean;
}

/** Spec §2 control panel: the last 2 sign-ins, logging out of one or of all. */
export function LoginHistoryCard({ logins, loading }: LoginHistoryCardProps) {
  const { t } = useTranslation('control-panel');
  const { message } = App.useApp();
  const logoutOne = useLogoutSession();
  const { expectLogout } = useLiveChannel();
  const entries = (logins ?? []).slice(0, LOGIN_HISTORY_ENTRIES);
  // Logging out of another device: the answer is said above the list with the focus on it
  // (issue 30), not in a passing toast (this device's own goes to /login).
  const [outcome, setOutcome] = useState<{ type: 'success' | 'error'; text: string }>();

  const logout = (entry: LoginEntry) => {
    const cancel = entry.current ? expectLogout() : undefined;
    logoutOne.mutate(entry.loginId, {
      onSuccess: (answer) => {
        if (!entry.current) {
          setOutcome({ type: 'success', text: localizeMessage(answer.message) });
          return;
        }
        message.success(answer.message);
        // This browser's own session has ended: it signs out here too.
        endSession({ chosen: true });
      },
      onError: () => {
        cancel?.();
        setOutcome({ type: 'error', text: localizeMessage(Messages.logoutSessionFailed) });
      },
    });
  };

  return (
    <Card
      className="admin-card"
      title={t('logins.title')}
      extra={<LogoutAllButton />}
      loading={loading}
    >
      {outcome && (
        <FocusedResult result={outcome} className="control-panel__alert">
          <Alert type={outcome.type} showIcon title={outcome.text} />
        </FocusedResult>
      )}
      {entries.length === 0 ? (
        <Empty description={localizeMessage(Messages.noData)} />
      ) : (
        <List<LoginEntry>
          dataSource={entries}
          renderItem={(entry) => {
            const place = checkCoordinates(entry.location?.lat, entry.location?.long);
            return (
              <List.Item
                data-testid="login-entry"
                actions={[
                  <Button
                    key="logout"
                    size="small"
                    danger={entry.current}
                    loading={logoutOne.isPending && logoutOne.variables === entry.loginId}
                    onClick={() => logout(entry)}
                  >
                    {entry.current ? t('logins.logoutThis') : t('logins.logout')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <>
                      {formatDateTime(entry.date)}{' '}
                      {entry.current && <Tag color="green">{t('logins.thisDevice')}</Tag>}
                    </>
                  }
                  description={
                    <>
                      {t('logins.ip', { ip: entry.ip ?? t('logins.unknownIp') })}
                      {' · '}
                      {place.ok ? (
                        <a
                          href={mapsSearchUrl(place.value)}
                          target="_blank"
                          rel="noopener noreferrer"
                        >
                          {place.value.latitude}, {place.value.longitude}
                        </a>
                      ) : (
                        t('logins.noLocation')
                      )}
                    </>
                  }
                />
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}
