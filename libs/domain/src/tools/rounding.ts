/**
 * Integer division rounded half-up (0.5 paisa goes up), for non-negative amounts. The tools
 * do their money arithmetic on integers with this one rounding rule, so a result is the same
 * on every machine and in the browser and the API alike.
 */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n || denominator <= 0n) {
    throw new RangeError('divideHalfUp takes a non-negative numerator and a positive denominator.');
  }
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** `Number` of a bigint that must fit a safe integer (an amount in paise or hundredths). */
export function toSafeNumber(value: bigint): number | undefined {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : undefined;
}
