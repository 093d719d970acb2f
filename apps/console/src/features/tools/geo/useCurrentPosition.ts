import { useCallback, useState } from 'react';
import { formatCoordinate, Messages, type Coordinates } from '@khata/domain';

export type PositionState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; coordinates: Coordinates; accuracyMetres: number }
  | { status: 'error'; message: string };

// Ours, for a browser that gives no words of its own (spec §8 wants the browser's message).
const FALLBACK_ERRORS: Record<number, string> = {
  1: 'Location permission was denied.',
  2: 'Your location is not available right now.',
  3: 'Finding your location took too long. Please try again.',
};

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
      setState({ status: 'error', message: Messages.geolocationUnsupported });
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
          message: error.message || FALLBACK_ERRORS[error.code] || FALLBACK_ERRORS[2]!,
        }),
      OPTIONS,
    );
  }, []);

  return { state, locate };
}
