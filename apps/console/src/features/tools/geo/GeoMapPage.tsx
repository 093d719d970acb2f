import { Alert, Button } from 'antd';
import { useSearchParams } from 'react-router-dom';
import type { Coordinates } from '@khata/domain';
import { AppPath } from '../../../app/paths';
import { ToolPage } from '../ToolPage';
import { coordinatesFromLink } from './maps';
import { OpenInMaps } from './OpenInMaps';
import { useCurrentPosition } from './useCurrentPosition';
import './geo.css';

export function GeoMapPage() {
  const { state, locate } = useCurrentPosition();
  const [params] = useSearchParams();
  const linked = params.has('lat') || params.has('long');
  const fromLink = coordinatesFromLink(params.get('lat'), params.get('long'));
  // A fresh fix of this device wins over coordinates the link brought.
  const coordinates: Coordinates | undefined =
    state.status === 'ready' ? state.coordinates : fromLink.ok ? fromLink.value : undefined;

  return (
    <ToolPage
      title="Geo map"
      current={AppPath.geoMap}
      intro="Find the exact coordinates of your shop or counter, to share with a delivery partner or to fill in a KYC form, and open them on the map."
    >
      <section className="tool-card geo-card" aria-labelledby="geo-title" aria-live="polite">
        <h2 id="geo-title" className="tool-card__title">
          {state.status === 'ready' || !linked ? 'Your location' : 'Location from the link'}
        </h2>
        {coordinates ? (
          <dl className="geo-coordinates">
            <div>
              <dt>Latitude</dt>
              <dd>{coordinates.latitude}</dd>
            </div>
            <div>
              <dt>Longitude</dt>
              <dd>{coordinates.longitude}</dd>
            </div>
            {state.status === 'ready' && state.accuracyMetres > 0 && (
              <div>
                <dt>Accuracy</dt>
                <dd>within {Math.round(state.accuracyMetres).toLocaleString('en-IN')} m</dd>
              </div>
            )}
          </dl>
        ) : (
          <p className="tool-result__empty">
            {state.status === 'loading'
              ? 'Finding your location… If your browser asks, allow Khata to use your location.'
              : 'Press “Find my location” and allow your browser to share where you are.'}
          </p>
        )}
        {state.status === 'error' && (
          <Alert
            className="geo-alert"
            type="error"
            showIcon
            title="Your location could not be found."
            description={state.message}
          />
        )}
        <div className="geo-actions">
          <Button type="primary" size="large" loading={state.status === 'loading'} onClick={locate}>
            {state.status === 'loading' ? 'Finding your location…' : 'Find my location'}
          </Button>
          <OpenInMaps
            latitude={coordinates?.latitude}
            longitude={coordinates?.longitude}
            warnAtOnce={linked && !fromLink.ok}
          />
        </div>
        <p className="tool-result__note">
          Your location stays in your browser: this page does not send it to Khata. The map opens on
          Google Maps in a new tab.
        </p>
      </section>
    </ToolPage>
  );
}
