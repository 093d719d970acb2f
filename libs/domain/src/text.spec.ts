import { describe, expect, it } from '@jest/globals';
import { checkText, isSafeText, TextMessages } from './text.js';

describe('isSafeText', () => {
  it.each([
    'Asha Traders',
    '',
    'line one\nline two\r\n\ttabbed',
    'अमित कुमार',
    'Café ₹ 500 👍🏽',
    '\u{1F600}',
    '\u00A0non-breaking',
  ])('accepts %j', (input) => {
    expect(isSafeText(input)).toBe(true);
  });

  it.each([
    ['a NUL byte', 'a\u0000b'],
    ['a bell', 'a\u0007b'],
    ['an escape sequence', '\u001b[31mred'],
    ['a vertical tab', 'a\u000Bb'],
    ['DEL', 'a\u007Fb'],
    ['a C1 control', 'a\u0085b'],
    ['a lone high surrogate', '\ud800x'],
    ['a high surrogate at the end', 'x\ud83d'],
    ['a lone low surrogate', 'x\udc00'],
    ['two high surrogates', '\ud83d\ud83d'],
    ['swapped surrogates', '\ude00\ud83d'],
  ])('refuses %s', (_name, input) => {
    expect(isSafeText(input)).toBe(false);
  });
});

describe('checkText', () => {
  it('names the field in its refusal', () => {
    expect(checkText('a\u0000b', 'Beneficiary name')).toEqual({
      ok: false,
      message: TextMessages.notAllowed('Beneficiary name'),
    });
    expect(TextMessages.notAllowed('Remark')).toMatch(/^Remark contains characters/);
  });

  it('passes safe text and anything that is not a string through unchanged', () => {
    expect(checkText('rent', 'Remark')).toEqual({ ok: true, value: 'rent' });
    expect(checkText(12, 'Remark')).toEqual({ ok: true, value: 12 });
    expect(checkText(null, 'Remark')).toEqual({ ok: true, value: null });
  });
});
