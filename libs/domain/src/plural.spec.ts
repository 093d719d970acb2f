import { describe, expect, it } from '@jest/globals';
import { plural } from './plural.js';

describe('plural', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(plural(1, 'new line')).toBe('1 new line');
    expect(plural(0, 'new line')).toBe('0 new lines');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
    expect(plural(1, 'entry', 'entries')).toBe('1 entry');
  });

  it('writes the count with Indian grouping', () => {
    expect(plural(1234567, 'user')).toBe('12,34,567 users');
  });
});
