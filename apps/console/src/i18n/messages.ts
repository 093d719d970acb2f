import { currentLanguage, i18n } from './i18n';
import { localizeWith, messageIndex, type MessageIndex } from './messageIndex';

/**
 * The namespace of the messages of libs/domain and of the API (issue 30): the English of every
 * message under a key (a message with values as a template), and its Hindi. Never used with a
 * literal key: `localizeMessage` finds the key from the English, so the extractor keeps the
 * namespace as it is (`preservePatterns` in i18next.config.ts) and tests/unit/domain-messages
 * checks it against libs/domain instead.
 */
const NAMESPACE = 'messages';

let cached: { bundle: object; index: MessageIndex } | undefined;

function indexNow(): MessageIndex | undefined {
  const bundle = i18n.getResourceBundle('en', NAMESPACE) as Record<string, unknown> | undefined;
  if (!bundle || !i18n.hasResourceBundle('hi', NAMESPACE)) return undefined;
  if (cached?.bundle !== bundle) cached = { bundle, index: messageIndex(bundle) };
  return cached.index;
}

/**
 * A message of libs/domain or of the API in the reader's language: its Hindi when the console
 * is in Hindi, the English as it is otherwise and for a message it does not know (the API
 * always answers English; tests and other clients read those words).
 */
export function localizeMessage(english: string): string {
  if (currentLanguage() !== 'hi') return english;
  const index = indexNow();
  if (!index) return english;
  return localizeWith(index, english, (key, values) =>
    i18n.t(key, { ns: NAMESPACE, lng: 'hi', ...values }),
  );
}

/** In Hindi, the messages' texts load with the language (both files: the English finds the key). */
function loadWhenHindi(language: string): void {
  if (language === 'hi') void i18n.loadNamespaces(NAMESPACE);
}
i18n.on('languageChanged', loadWhenHindi);
if (i18n.isInitialized) loadWhenHindi(i18n.language);
