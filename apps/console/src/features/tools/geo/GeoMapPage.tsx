import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Coordinates } from '@khata/domain';
import { AppPath } from '../../../app/paths';
import { formatCount } from '../../../i18n/format';
import { ToolPage } from '../ToolPage';
import { coordinatesFromLink } from './maps';
import { OpenInMaps } from './OpenInMaps';
import { useCurrentPosition } from './useCurrentPosition';
import './geo.css';

/** Ours, by the error's code, for a browser that gives no words of its own. */
const FALLBACK_ERROR_KEYS = {
  denied: 'geo.errors.denied',
  unavailable: 'geo.errors.unavailable',
  timeout: 'geo.errors.timeout',
} as const;

const fallbackError = (code: number): keyof typeof FALLBACK_ERROR_KEYS =>
  code === 1 ? 'denied' : code === 3 ? 'timeout' : 'unavailable';

export function GeoMapPage() {
  const { t } = useTranslation('tools');
  const { state, locate } = useCurrentPosition();
  const [params] = useSearchParams();
  const linked = params.has('lat') || params.has('long');
  const fromLink = coordinatesFromLink(params.get('lat'), params.get('long'));
  // A fresh fix of this device wins over coordinates the link brought.
  const coordinates: Coordinates | undefined =
    state.status === 'ready' ? state.coordinates : fromLink.ok ? fromLink.value : undefined;

  return (
    <ToolPage title={t('geo.page.title')} current={AppPath.geoMap} intro={t('geo.page.intro')}>
      <section className="tool-card geo-card" aria-labelledby="geo-title" aria-live="polite">
        <h2 id="geo-title" className="tool-card__title">
          {state.status === 'ready' || !linked ? t('geo.card.yours') : t('geo.card.fromLink')}
        </h2>
        {coordinates ? (
          <dl className="geo-coordinates">
            <div>
              <dt>{t('geo.card.latitude')}</dt>
              <dd>{coordinates.latitude}</dd>
            </div>
            <div>
              <dt>{t('geo.card.longitude')}</dt>
              <dd>{coordinates.longitude}</dd>
            </div>
            {state.status === 'ready' && state.accuracyMetres > 0 && (
              <div>
                <dt>{t('geo.card.accuracy')}</dt>
                <dd>
                  {t('geo.card.within', { metres: formatCount(Math.round(state.accuracyMetres)) })}
                </dd>
              </div>
            )}
          </dl>
        ) : (
          <p className="tool-result__empty">
            {state.status === 'loading' ? t('geo.card.finding') : t('geo.card.press')}
          </p>
        )}
        {state.status === 'error' && (
          <Alert
            className="geo-alert"
            type="error"
            showIcon
            title={t('geo.card.notFound')}
            description={state.message ?? t(FALLBACK_ERROR_KEYS[fallbackError(state.code)])}
          />
        )}
        <div className="geo-actions">
          <Button type="primary" size="large" loading={state.status === 'loading'} onClick={locate}>
            {state.status === 'loading' ? t('geo.card.findingButton') : t('geo.card.find')}
          </Button>
          <OpenInMaps
            latitude={coordinates?.latitude}
            longitude={coordinates?.longitude}
            warnAtOnce={linked && !fromLink.ok}
          />
        </div>
        <p className="tool-result__note">{t('geo.card.privacy')}</p>
      </section>
    </ToolPage>
  );
}
