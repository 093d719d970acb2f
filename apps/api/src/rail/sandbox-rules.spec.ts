import { describe, expect, it } from '@jest/globals';
import { sandboxBehaviour, sandboxPayeeName } from './sandbox-rules.js';

describe('the sandbox rail’s rules', () => {
  it.each([
    ['123456789000', 'no-account'],
    ['123456789001', 'closed'],
    ['123456789002', 'late-return'],
    ['123456789003', 'timeout-then-paid'],
    ['123456789004', 'pending-then-paid'],
    ['123456789005', 'error-before-accept'],
    ['123456789006', 'timeout-then-failed'],
    ['123456789007', 'rail-down'],
    ['123456789008', 'timeout-then-returned'],
    ['123456789009', 'paid'],
    ['123456789100', 'paid'],
  ])('reads the last three digits of %s as %s', (account, behaviour) => {
    expect(sandboxBehaviour(account)).toBe(behaviour);
  });

  it('names the same payee for the same account, and differs across accounts', () => {
    expect(sandboxPayeeName('123456789012')).toBe(sandboxPayeeName('123456789012'));
    const names = new Set(
      Array.from({ length: 50 }, (_, i) =>
        sandboxPayeeName(`12345678${String(i).padStart(4, '0')}`),
      ),
    );
    expect(names.size).toBeGreaterThan(3);
  });
});
