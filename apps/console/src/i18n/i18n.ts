import i18next, { type InitOptions } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import {
  INTL_LOCALES,
  initialLanguage,
  isLanguage,
  LANGUAGES,
  PSEUDO_LANGUAGE,
  type Language,
} from './languages';
import { pseudoLocale } from './pseudo';
import enAuth from './locales/en/auth.json';
import enCommon from './locales/en/common.json';
import enPublic from './locales/en/public.json';

/**
 * The namespaces a public first load needs, in English bundled with the code (no round trip
 * before the sign-in form paints); Hindi and every other namespace load on demand, one small
 * file each (`locales/<language>/<namespace>.json`).
 */
export const BUNDLED = { common: enCommon, public: enPublic, auth: enAuth } as const;

// The bundled files are left out: a file imported both ways becomes a chunk of its own, one
// more request (and its headers) in the first load.
const files = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*/*.json',
  '!./locales/en/common.json',
  '!./locales/en/public.json',
  '!./locales/en/auth.json',
]);

/** Every namespace there is a file for: the admin area loads them all with its code. */
export const NAMESPACES: readonly string[] = [
  ...new Set(
    Object.keys(files).map((path) =>
      path
        .split('/')
        .at(-1)!
        .replace(/\.json$/, ''),
    ),
  ),
];

function load(language: string, namespace: string): Promise<Record<string, unknown>> {
  const file = files[`./locales/${language}/${namespace}.json`];
  if (!file) return Promise.reject(new Error(`No ${language} texts for ${namespace}`));
  return file().then((module) => module.default);
}

// (No location in the build's prerender, which a development build runs too.)
const pseudo =
  import.meta.env.DEV &&
  typeof location !== 'undefined' &&
  new URLSearchParams(location.search).get('lng') === 'pseudo';

export const i18nOptions: InitOptions = {
  lng: pseudo ? PSEUDO_LANGUAGE : initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: pseudo ? [...LANGUAGES, PSEUDO_LANGUAGE] : [...LANGUAGES],
  ns: ['common'],
  defaultNS: 'common',
  resources: { en: BUNDLED },
  // English of the public namespaces is above; everything else comes from the backend.
  partialBundledLanguages: true,
  postProcess: pseudo ? ['pseudo'] : false,
  // React escapes what it renders; escaping here too would show `&amp;`.
  interpolation: { escapeValue: false },
  returnNull: false,
};

void i18next
  .use(resourcesToBackend(load))
  .use(pseudoLocale)
  .use(initReactI18next)
  .init(i18nOptions);

function applyToDocument(language: string): void {
  // The build's prerender (app/hydration.ts) has no document.
  if (typeof document === 'undefined') return;
  document.documentElement.lang = isLanguage(language) ? INTL_LOCALES[language] : 'en-IN';
}
applyToDocument(i18next.language);
i18next.on('languageChanged', applyToDocument);

/** Every namespace's texts in the current language: the signed-in areas load them with their code. */
export async function loadAllTexts(): Promise<void> {
  await i18next.loadNamespaces([...NAMESPACES]);
}

/** The language texts and figures are shown in now (English for the pseudo-locale). */
export function currentLanguage(): Language {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(language) ? language : 'en';
}

export { i18next as i18n };
