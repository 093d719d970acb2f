import {
  checkCoordinates,
  fail,
  formatCoordinate,
  Messages,
  type Check,
  type Coordinates,
} from '@khata/domain';

/** The external maps search by latitude and longitude (spec §7, "Opening a map"). */
export function mapsSearchUrl({ latitude, longitude }: Coordinates): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
}

/**
 * Coordinates handed to the page in its link (`?lat=…&long=…`, as other screens link to a
 * stored location), by the rule of spec §5: both needed, the string 'null' counts as
 * missing. A value that is not a coordinate on Earth counts as missing too.
 */
export function coordinatesFromLink(
  latitude: string | null,
  longitude: string | null,
): Check<Coordinates> {
  const check = checkCoordinates(latitude, longitude);
  if (!check.ok) return check;
  const lat = Number(check.value.latitude);
  const long = Number(check.value.longitude);
  if (!(Math.abs(lat) <= 90) || !(Math.abs(long) <= 180)) return fail(Messages.coordinatesMissing);
  return {
    ok: true,
    value: { latitude: formatCoordinate(lat), longitude: formatCoordinate(long) },
  };
}
