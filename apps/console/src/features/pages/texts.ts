import type { TFunction } from 'i18next';

/**
 * The pages' translate function (`useTranslation('pages')`). The long copy of these pages is in
 * `locales/<language>/pages.json`, loaded on demand (docs/decisions.md, "Issue 30: bundled and
 * lazy texts"); lists come whole with `returnObjects`, so a language words each item its own way.
 */
export type PagesT = TFunction<'pages'>;
