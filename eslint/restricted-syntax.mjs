/**
 * `no-restricted-syntax` is one rule: when two config blocks both set it for a file, ESLint
 * keeps the later block's options and silently drops the earlier selectors (issue 24: the
 * ledger-table block switched the money lint off in apps/api/src). So every selector group
 * (money.mjs, ledger-tables.mjs, …) is declared as data, `{ name, files, ignores, selectors }`,
 * and this file turns all of them into the blocks that set the rule.
 *
 * One block per non-empty combination of groups, matching the files every group in it
 * matches (`files: [[a, b]]` is "a and b"), minus any group's ignores, with the union of
 * their selectors. Blocks go from one group to all of them, so the last block that applies
 * to a file is the one for exactly the groups that cover it: every file gets every selector
 * meant for it. `eslint/check-fixtures.mjs` proves it on fixtures.
 */

/** Every non-empty subset of `items`, smallest first (a file's full set comes last). */
function combinations(items) {
  const subsets = [];
  for (let mask = 1; mask < 1 << items.length; mask += 1) {
    subsets.push(items.filter((_, i) => mask & (1 << i)));
  }
  return subsets.sort((a, b) => a.length - b.length);
}

/** Patterns a file must all match, one from each group's `files` (their cross product). */
function allOf(groups) {
  return groups.reduce(
    (product, group) => product.flatMap((patterns) => group.files.map((f) => [...patterns, f])),
    [[]],
  );
}

/**
 * @param {...{ name: string, files: string[], ignores?: string[], selectors: object[] }} groups
 * @returns {import('eslint').Linter.Config[]}
 */
export function restrictedSyntax(...groups) {
  return combinations(groups).map((subset) => ({
    name: `khata/no-restricted-syntax: ${subset.map((g) => g.name).join(' + ')}`,
    files: allOf(subset),
    ignores: subset.flatMap((g) => g.ignores ?? []),
    rules: { 'no-restricted-syntax': ['error', ...subset.flatMap((g) => g.selectors)] },
  }));
}
