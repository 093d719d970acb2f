import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '../../ui/button/button';
import { useOnlineStatus } from './useOnlineStatus';
import './offline.css';

/**
 * The offline screen (spec §2, §4). It covers the app instead of replacing the page, so when
 * the connection returns the user is where they were: same address, same half-filled form.
 * The app underneath is made inert meanwhile, so nothing can be clicked or submitted.
 */
export function OfflineScreen({ appRoot = 'root' }: { appRoot?: string }) {
  // No suspense: offline, the language's texts may not download; English is bundled.
  const { t } = useTranslation('public', { useSuspense: false });
  const online = useOnlineStatus();
  const [checking, setChecking] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (online) return;
    const app = document.getElementById(appRoot);
    app?.setAttribute('inert', '');
    heading.current?.focus();
    return () => app?.removeAttribute('inert');
  }, [online, appRoot]);

  if (online) return null;
  return createPortal(
    <div
      className="offline-screen"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="offline-title"
      aria-describedby="offline-body"
    >
      <div className="offline-screen__panel">
        <OfflineIcon />
        <h1 id="offline-title" className="offline-screen__title" tabIndex={-1} ref={heading}>
          {t('offline.title')}
        </h1>
        <p id="offline-body" className="offline-screen__body">
          {t('offline.body')}
        </p>
        <button
          type="button"
          className={buttonClassName({ variant: 'primary', size: 'large', loading: checking })}
          aria-busy={checking}
          onClick={() => {
            // Re-rendering re-reads navigator.onLine, in case the `online` event was missed.
            setChecking(true);
            setTimeout(() => setChecking(false), 1500);
          }}
        >
          {t('offline.checkAgain')}
        </button>
      </div>
    </div>,
    document.body,
  );
}

function OfflineIcon() {
  return (
    <svg width="64" height="64" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M12 19h.01M3 3l18 18"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
