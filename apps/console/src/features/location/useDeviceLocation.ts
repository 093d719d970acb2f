import { useCallback, useEffect, useState } from 'react';
import {
  LOCATION_RETRY_COUNT,
  LOCATION_RETRY_DELAY_MS,
  Messages,
  type Coordinates,
} from '@khata/domain';
import { prerendering } from '../../app/hydration';
import { storeDeviceLocation } from './deviceLocation';

/** GeolocationPositionError.PERMISSION_DENIED; compared by value so stand-ins work too. */
const PERMISSION_DENIED = 1;

const POSITION_OPTIONS: PositionOptions = {
  enableHighAccuracy: false,
  // The browser's permission prompt does not count towards the timeout.
  timeout: 15_000,
  // A fix from the last minute is as good as a new one and answers at once.
  maximumAge: 60_000,
};

export interface LocationError {
  /** The browser's error code (1 denied, 2 unavailable, 3 timeout), or 'unsupported'. */
  code: number | 'unsupported';
  /** The browser's own words (spec §8), or ours when there is no geolocation at all. */
  message: string;
}

export interface DeviceLocation {
  status: 'loading' | 'ready' | 'error';
  coordinates?: Coordinates;
  error?: LocationError;
  /** How many times the lookup has been retried after a failure (spec §4). */
  retryCount: number;
  /** Starts the lookup again from scratch, e.g. after the user allowed location access. */
  retry: () => void;
}

type LookupState = Omit<DeviceLocation, 'retry'>;

/**
 * The device location lookup of spec §4. A denied permission stops at once; any other error
 * is retried up to LOCATION_RETRY_COUNT times, LOCATION_RETRY_DELAY_MS apart, then stops.
 * Every fix is stored as `deviceLocation` for the API calls' headers. With `watch`, the
 * position keeps being followed after the first fix.
 */
export function useDeviceLocation({ watch = false }: { watch?: boolean } = {}): DeviceLocation {
  const [state, setState] = useState<LookupState>(initialState);
  const [round, setRound] = useState(0);

  useEffect(() => {
    const geolocation = currentGeolocation();
    if (!geolocation) {
      setState(unsupportedState());
      return;
    }
    let stopped = false;
    let retries = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let watchId: number | undefined;

    const onPosition = (position: GeolocationPosition) => {
      if (stopped) return;
      const coordinates = storeDeviceLocation(position.coords);
      setState({ status: 'ready', coordinates, retryCount: retries });
      if (watch && watchId === undefined) {
        watchId = geolocation.watchPosition(onPosition, onWatchError, POSITION_OPTIONS);
      }
    };
    const fail = (error: GeolocationPositionError) =>
      setState({
        status: 'error',
        error: { code: error.code, message: error.message },
        retryCount: retries,
      });
    const onLookupError = (error: GeolocationPositionError) => {
      if (stopped) return;
      if (error.code === PERMISSION_DENIED || retries >= LOCATION_RETRY_COUNT) {
        fail(error);
        return;
      }
      retries += 1;
      setState((previous) => ({ ...previous, retryCount: retries }));
      retryTimer = setTimeout(lookUp, LOCATION_RETRY_DELAY_MS);
    };
    // While watching, a passing loss of signal keeps the last fix; only a revoked
    // permission blocks again.
    const onWatchError = (error: GeolocationPositionError) => {
      if (!stopped && error.code === PERMISSION_DENIED) fail(error);
    };
    const lookUp = () =>
      geolocation.getCurrentPosition(onPosition, onLookupError, POSITION_OPTIONS);

    lookUp();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      if (watchId !== undefined) geolocation.clearWatch(watchId);
    };
  }, [watch, round]);

  const retry = useCallback(() => {
    setState({ status: 'loading', retryCount: 0 });
    setRound((value) => value + 1);
  }, []);

  return { ...state, retry };
}

function currentGeolocation(): Geolocation | undefined {
  // Read through `in`: a browser without the API has no property at all.
  return 'geolocation' in navigator ? navigator.geolocation : undefined;
}

function unsupportedState(): LookupState {
  return {
    status: 'error',
    error: { code: 'unsupported', message: Messages.geolocationUnsupported },
    retryCount: 0,
  };
}

function initialState(): LookupState {
  // The build's prerender (issue 30) draws the lookup under way, as the browser's first render does.
  if (prerendering || currentGeolocation()) return { status: 'loading', retryCount: 0 };
  return unsupportedState();
}
