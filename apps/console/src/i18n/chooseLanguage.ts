import { i18n } from './i18n';
import { rememberLanguage, type Language } from './languages';

type LanguageSaver = (language: Language) => Promise<unknown>;
let saver: LanguageSaver | undefined;

/** The session layer saves a signed-in user's choice on their profile; undefined when signed out. */
export function setLanguageSaver(save: LanguageSaver | undefined): void {
  saver = save;
}

/**
 * Switches the console's language: the texts at once, then remembered by this browser and, when
 * signed in, on the profile so the next sign-in anywhere starts in it. A failed save keeps the
 * switch (it is a preference, not money) and is retried at the next switch.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  await i18n.changeLanguage(language);
  await saver?.(language).catch(() => undefined);
}
