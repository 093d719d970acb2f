import { HELP_VIBRATION_MS } from '@khata/domain';

/**
 * Buzzes the phone for HELP_VIBRATION_MS (spec §9) so a tap on a help button is felt before
 * WhatsApp or the dialler takes over. Browsers without the Vibration API (iOS Safari,
 * desktops) simply skip it.
 */
export function vibrateForHelp(): void {
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') {
    navigator.vibrate(HELP_VIBRATION_MS);
  }
}
