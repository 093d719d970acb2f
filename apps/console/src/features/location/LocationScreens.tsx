import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LOCATION_RETRY_COUNT, Messages } from '@khata/domain';
import { AppPath } from '../../app/paths';
import { buttonClassName } from '../../ui/button/button';
import { LinkButton } from '../../ui/button/LinkButton';
import { usePageTitle } from '../../ui/usePageTitle';
import type { LocationError } from './useDeviceLocation';
import './location.css';
import { localizeMessage } from '../../i18n/messages';

/** What the user can do about each kind of failure; the spec gives only the title. */
function adviceFor(error: LocationError, t: TFunction<'auth'>): string {
  switch (error.code) {
    case 'unsupported':
      return t('auth:location.advice.unsupported');
    case 1:
      return t('auth:location.advice.denied');
    default:
      return t('auth:location.advice.unavailable');
  }
}

/** The location-required error screen of spec §2, with the browser's own words (spec §8). */
export function LocationErrorPage({
  error,
  onRetry,
}: {
  error: LocationError;
  onRetry: () => void;
}) {
  const { t } = useTranslation('auth');
  usePageTitle(t('location.errorTitle'));
  // Plain markup, not antd's Result: the sign-in screens behind this gate load no antd.
  return (
    <section className="location-screen" aria-labelledby="location-error-title">
      <div className="location-screen__icon">
        <LocationIcon />
      </div>
      <h1 id="location-error-title">{localizeMessage(Messages.locationNotAllowed)}</h1>
      <p className="location-screen__reason" data-testid="location-error">
        {error.message}
      </p>
      <p className="location-screen__advice">
        {t('location.why', { advice: adviceFor(error, t) })}
      </p>
      <div className="location-screen__actions">
        {
          // Without geolocation a retry cannot succeed; only another browser helps.
          error.code !== 'unsupported' && (
            <button
              type="button"
              className={buttonClassName({ variant: 'primary', size: 'large' })}
              onClick={onRetry}
            >
              {t('location.tryAgain')}
            </button>
          )
        }
        <LinkButton size="large" to={AppPath.home}>
          {t('location.goHome')}
        </LinkButton>
      </div>
    </section>
  );
}

/** While the browser looks for the device (and may be asking the user for permission). */
export function LocationPending({ retryCount }: { retryCount: number }) {
  const { t } = useTranslation('auth');
  usePageTitle(t('location.pendingTitle'));
  return (
    <section className="location-screen location-screen--pending" role="status">
      <span className="app-loading__spinner" aria-hidden="true" />
      <h1 className="location-screen__title">{t('location.finding')}</h1>
      <p className="location-screen__advice">{t('location.pendingAdvice')}</p>
      {retryCount > 0 && (
        <p className="location-screen__retry">
          {t('location.attempt', { attempt: retryCount + 1, attempts: LOCATION_RETRY_COUNT + 1 })}
        </p>
      )}
    </section>
  );
}

function LocationIcon() {
  return (
    <svg width="72" height="72" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 2.5a7 7 0 0 0-7 7c0 5.1 7 12 7 12s7-6.9 7-12a7 7 0 0 0-7-7Zm0 9.5a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5Z"
        fill="currentColor"
      />
    </svg>
  );
}
