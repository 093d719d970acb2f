/**
 * The console's languages (issue 30): English and Hindi. The choice is remembered in the browser
 * before sign-in and on the user's profile after it (POST /user/language).
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The pseudo-locale of development (`?lng=pseudo`): every translated text shows accented and in
 * brackets, so a text that reads plain English was never translated. Never offered in a build.
 */
export const PSEUDO_LANGUAGE = 'pseudo';

/** Each language by its own name: a reader finds their language without reading the other. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

/** The BCP 47 tag of Intl's formats: India's English and Hindi. */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

const STORAGE_KEY = 'khata.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language this browser chose last; undefined when it never chose or storage is blocked. */
export function storedLanguage(): Language | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage blocked (a private window's policy): the choice lasts for this page only.
  }
}

/**
 * Hindi when the browser lists Hindi before English, English otherwise (and in the build's
 * prerender, which has no browser).
 */
export function browserLanguage(
  languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Language {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/** The language a page starts in: the browser's last choice, else the browser's own list. */
export function initialLanguage(): Language {
  return storedLanguage() ?? browserLanguage();
}
