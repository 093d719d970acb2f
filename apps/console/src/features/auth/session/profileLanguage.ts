import { setLanguageSaver } from '../../../i18n/chooseLanguage';
import { currentLanguage, i18n } from '../../../i18n/i18n';
import { rememberLanguage } from '../../../i18n/languages';
import { authApi, type Profile } from '../api';

/** The profile whose language this page has taken up (one sign-in, one sync). */
let synced: string | undefined;

/**
 * Issue 30: the language follows the user. Once the signed-in profile loads, the language it
 * remembers wins (this browser remembers it too); a profile that never chose takes this
 * browser's current language. From then on the language switch saves each choice on the profile.
 */
export function syncProfileLanguage(profile: Profile): void {
  if (synced === profile._id) return;
  synced = profile._id;
  setLanguageSaver((language) => authApi.setLanguage(language));
  if (profile.language) {
    rememberLanguage(profile.language);
    if (profile.language !== currentLanguage()) void i18n.changeLanguage(profile.language);
  } else {
    void authApi.setLanguage(currentLanguage()).catch(() => undefined);
  }
}

/** Signed out: choices stay in this browser only. */
export function forgetProfileLanguage(): void {
  synced = undefined;
  setLanguageSaver(undefined);
}
