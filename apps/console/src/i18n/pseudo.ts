import type { PostProcessorModule } from 'i18next';
import { PSEUDO_LANGUAGE } from './languages';

const ACCENTED: Record<string, string> = {
  a: 'á',
  c: 'ç',
  e: 'é',
  i: 'í',
  n: 'ñ',
  o: 'ó',
  s: 'š',
  u: 'ú',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  C: 'Ç',
  E: 'É',
  I: 'Í',
  N: 'Ñ',
  O: 'Ó',
  S: 'Š',
  U: 'Ú',
  Y: 'Ý',
  Z: 'Ž',
};

/**
 * Accents a translated text and brackets it, a third longer, as Hindi runs: "Balance" reads
 * "⟦Báláñçé···⟧". Interpolated values pass through unchanged (i18next runs post-processors on the
 * finished text, so only letters change). Only in the pseudo-locale.
 */
export function pseudoText(text: string): string {
  const accented = text.replace(/[a-zA-Z]/g, (letter) => ACCENTED[letter] ?? letter);
  return `⟦${accented}${'·'.repeat(Math.ceil(text.length / 3))}⟧`;
}

export const pseudoLocale: PostProcessorModule = {
  type: 'postProcessor',
  name: 'pseudo',
  process(value, _key, _options, translator: { language?: string }) {
    return translator.language === PSEUDO_LANGUAGE ? pseudoText(value) : value;
  },
};
