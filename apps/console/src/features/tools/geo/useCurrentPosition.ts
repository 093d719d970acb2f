import { useCallback, useState } from 'react';
import { formatCoordinate, Messages, type Coordinates } from '@khata/domain';

export type PositionState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; coordinates: Coordinates; accuracyMetres: number }
  /** The browser's own words when it gives some (spec §8), else the error's code for ours. */
  | { status: 'error'; message: string | undefined; code: number };

const OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 };

/**
 * One fresh fix of the device's position when asked for (the "Find my location" button),
 * with 6-decimal coordinates (spec §3). Unlike the sign-in location gate it neither retries
 * nor watches: the visitor asks again if they want to.
 */
export function useCurrentPosition() {
  const [state, setState] = useState<PositionState>({ status: 'idle' });

  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setState({ status: 'error', message: Messages.geolocationUnsupported, code: 2 });
      return;
    }
    setState({ status: 'loading' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        setState({
          status: 'ready',
          coordinates: {
            latitude: formatCoordinate(coords.latitude),
            longitude: formatCoordinate(coords.longitude),
          },
          accuracyMetres: coords.accuracy,
        }),
      (error) =>
        setState({
          status: 'error',
          message: error.message || undefined,
          code: error.code,
        }),
      OPTIONS,
    );
  }, []);

  return { state, locate };
}
