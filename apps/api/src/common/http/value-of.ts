import type { Check } from '@khata/domain';

/**
 * Reads a field a DTO's `@Satisfies` rule has already passed, as the rule's typed value (issue
 * 24: one helper, where three features each wrote theirs). A refusal here is our bug, not bad
 * input: the rule ran on the same value before the handler saw it.
 */
export function valueOf<T>(check: Check<T>): T {
  if (!check.ok) throw new Error(`validated input does not pass its rule: ${check.message}`);
  return check.value;
}
