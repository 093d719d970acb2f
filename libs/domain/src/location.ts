import { type Check, fail, pass } from './check.js';
import { Messages } from './messages.js';

export type Coordinates = { latitude: string; longitude: string };

const COORDINATE_DECIMALS = 6;

/** Device location is stored as strings with 6 decimals (spec §3, deviceLocation). */
export function formatCoordinate(degrees: number): string {
  return degrees.toFixed(COORDINATE_DECIMALS);
}

/** Maps need both coordinates; the string 'null' (a stored null) counts as missing. */
export function checkCoordinates(latitude: unknown, longitude: unknown): Check<Coordinates> {
  const lat = coordinate(latitude);
  const long = coordinate(longitude);
  if (lat === undefined || long === undefined) return fail(Messages.coordinatesMissing);
  return pass({ latitude: lat, longitude: long });
}

function coordinate(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === 'null' ? undefined : trimmed;
}
