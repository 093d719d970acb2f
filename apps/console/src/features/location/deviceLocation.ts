import { formatCoordinate, type Coordinates } from '@khata/domain';

/** Spec §3: the device location lives in browser storage as `deviceLocation`. */
const STORAGE_KEY = 'deviceLocation';

/** Stores a fix as strings with 6 decimals (spec §3) and answers what was stored. */
export function storeDeviceLocation(coords: { latitude: number; longitude: number }): Coordinates {
  const location: Coordinates = {
    latitude: formatCoordinate(coords.latitude),
    longitude: formatCoordinate(coords.longitude),
  };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(location));
  } catch {
    // Storage can be full or disabled (private mode); the fix still counts for this page.
  }
  return location;
}

/** The stored fix, or undefined when there is none or it is not the shape we write. */
export function readDeviceLocation(): Coordinates | undefined {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (
      stored &&
      typeof stored === 'object' &&
      'latitude' in stored &&
      'longitude' in stored &&
      typeof stored.latitude === 'string' &&
      typeof stored.longitude === 'string'
    ) {
      return { latitude: stored.latitude, longitude: stored.longitude };
    }
  } catch {
    // Unreadable storage is the same as no fix.
  }
  return undefined;
}
