/**
 * How a domain or server message (English, as libs/domain words it and the API answers it) finds
 * its text in another language (issue 30). `locales/en/messages.json` holds every message's
 * English under a key: a fixed message as it is, a message with values (a function in
 * libs/domain) as a template with `{{placeholders}}` where the values go. A fixed message is
 * found by its exact English; a template becomes a pattern with a named group per placeholder,
 * and the values it captures go into the other language's template. A captured value that is
 * itself a known message (`Landlord 1: Mobile number must be 10 digits`) is translated too.
 * Pure: no i18next here, so tests/unit checks it with the JSON files.
 */
export interface MessageIndex {
  /** A fixed message's English to its key. */
  readonly exact: ReadonlyMap<string, string>;
  /** The templates, the most specific first (most fixed characters). */
  readonly templates: readonly MessageTemplate[];
}

export interface MessageTemplate {
  readonly key: string;
  readonly pattern: RegExp;
  /** How many characters of the template are fixed text: of two that match, the larger wins. */
  readonly fixed: number;
}

/** Translates a key with values; answers the English it was given when it has no text. */
export type Translate = (key: string, values: Record<string, string>) => string;

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** Every text of a nested JSON object with its dotted key. */
export function* textsOf(value: unknown, path = ''): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value))
      yield* textsOf(inner, path ? `${path}.${key}` : key);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A template's pattern: its fixed text exactly, a named group where each placeholder stands. */
export function patternOf(template: string): RegExp {
  let source = '';
  let at = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    source += escapeRegExp(template.slice(at, match.index));
    source += `(?<${match[1]}>[\\s\\S]+?)`;
    at = match.index + match[0].length;
  }
  source += escapeRegExp(template.slice(at));
  return new RegExp(`^${source}$`);
}

export function messageIndex(english: Record<string, unknown>): MessageIndex {
  const exact = new Map<string, string>();
  const templates: MessageTemplate[] = [];
  for (const [key, text] of textsOf(english)) {
    if (!text.includes('{{')) {
      if (!exact.has(text)) exact.set(text, key);
      continue;
    }
    const fixed = text.replace(PLACEHOLDER, '').length;
    templates.push({ key, pattern: patternOf(text), fixed });
  }
  templates.sort((a, b) => b.fixed - a.fixed);
  return { exact, templates };
}

/** The message in the language `translate` speaks, or the English as it is when unknown. */
export function localizeWith(index: MessageIndex, english: string, translate: Translate): string {
  const key = index.exact.get(english);
  if (key !== undefined) return translate(key, {});
  for (const template of index.templates) {
    const groups = template.pattern.exec(english)?.groups;
    if (!groups) continue;
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(groups)) {
      values[name] = localizeWith(index, value, translate);
    }
    return translate(template.key, values);
  }
  return english;
}
