/** A mobile number as an SMS notice shows it: the last 4 digits only. */
export function maskMobile(mobile: string): string {
  return mobile.length > 4 ? `${'X'.repeat(mobile.length - 4)}${mobile.slice(-4)}` : mobile;
}
