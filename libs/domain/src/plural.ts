/**
 * A count with its noun, in the right number: "1 new line", "2 new lines", "12,345 users"
 * (issue 23: "1 new lines" was shown). English has two forms, chosen by `Intl.PluralRules`, and
 * the count is written with Indian grouping like every other figure.
 */
const rules = new Intl.PluralRules('en-IN');
const grouping = new Intl.NumberFormat('en-IN');

/** `one` for a single thing, `other` (default: `one` + "s") for any other count, 0 included. */
export function plural(count: number, one: string, other = `${one}s`): string {
  return `${grouping.format(count)} ${rules.select(count) === 'one' ? one : other}`;
}
