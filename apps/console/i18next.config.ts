import { defineConfig } from 'i18next-cli';

/**
 * The console's texts (issue 30), checked by `npm run lint:i18n` (scripts/lint-i18n.mjs):
 * every key the code uses is in both languages, none is left that the code no longer uses, and
 * no English text is left in a component.
 */
export default defineConfig({
  locales: ['en', 'hi'],
  extract: {
    input: ['src/**/*.{ts,tsx}'],
    output: 'src/i18n/locales/{{language}}/{{namespace}}.json',
    defaultNS: 'common',
    primaryLanguage: 'en',
    removeUnusedKeys: true,
    sort: true,
    indentation: 2,
    // A missing Hindi text is written empty, and an empty text fails the check.
    defaultValue: '',
    // The messages of libs/domain and the API: found from their English by `localizeMessage`
    // (src/i18n/messages.ts), never by a literal key; tests/unit/domain-messages.spec.ts checks
    // them against libs/domain instead.
    // A rail's status words, found by the status's name (features/admin/common/railStatus.ts).
    preservePatterns: ['messages:*', 'aeps-counter:status.*', 'dmt:status.*', 'bbps:status.*'],
  },
  lint: {
    // antd's components carry text too (`<Button>Save</Button>`), not only HTML's tags.
    acceptedTags: 'all',
    ignoredTags: ['code', 'pre', 'style'],
    // The attributes a reader sees or a screen reader speaks, HTML's and antd's.
    acceptedAttributes: [
      'alt',
      'title',
      'placeholder',
      'aria-label',
      'aria-description',
      'aria-valuetext',
      'label',
      'extra',
      'help',
      'tooltip',
      'message',
      'description',
      'okText',
      'cancelText',
      'addonBefore',
      'addonAfter',
      'prefix',
      'suffix',
      'emptyText',
      'content',
      'caption',
      'subTitle',
    ],
    checkConcatenation: 'error',
  },
  types: {
    input: ['src/i18n/locales/en/*.json'],
    output: 'src/i18n/resources.d.ts',
    resourcesFile: 'src/i18n/resources.ts',
    enableSelector: false,
  },
});
