import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { checkMobile, checkTransferAmount, TextMessages } from '@khata/domain';
import { nestsDeeperThan, MAX_BODY_DEPTH } from './body-parsing.js';
import { fieldLabel, SafeInputMessages, unsafeInputIn } from './safe-input.js';
import { Satisfies } from './satisfies.js';
import { createValidationPipe } from './validation.pipe.js';

describe('nestsDeeperThan', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('measures arrays and objects alike, in one pass', () => {
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    expect(nestsDeeperThan(nested(1_000_000), MAX_BODY_DEPTH)).toBe(true);
  });

  it('counts siblings once, not their sum', () => {
    expect(nestsDeeperThan(`[${Array(100).fill('[[1]]').join(',')}]`, 3)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ a: '[[[[[[{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: 'say \\"[[[[' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: '"', b: [[[1]]] }), 3)).toBe(true);
  });
});

describe('fieldLabel', () => {
  it.each([
    ['beneficiaryName', 'Beneficiary name'],
    ['remark', 'Remark'],
    ['bankName', 'Bank name'],
    ['AccountNo', 'Account number'],
    ['loginId', 'Session'],
    ['remitterMobileNumber', 'Remitter mobile number'],
    [undefined, 'A field'],
    ['x\u0000', 'A field'],
    ['a'.repeat(60), 'A field'],
  ])('reads %j as %j', (key, label) => {
    expect(fieldLabel(key)).toBe(label);
  });
});

describe('unsafeInputIn', () => {
  it('names the top-level field of a spoiled string, however deep it sits', () => {
    expect(unsafeInputIn({ remark: 'a\u0000b' })).toBe(TextMessages.notAllowed('Remark'));
    expect(unsafeInputIn({ beneficiaryName: ['ok', { x: '\ud800' }] })).toBe(
      TextMessages.notAllowed('Beneficiary name'),
    );
    expect(unsafeInputIn('x\udc00', 'file')).toBe(TextMessages.notAllowed('File'));
  });

  it('refuses a spoiled field name and nesting past the limit', () => {
    expect(unsafeInputIn({ ['a\u0000']: 1 })).toBe(SafeInputMessages.fieldName);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unsafeInputIn({ mobile: deep })).toBe(SafeInputMessages.tooDeep);
  });

  it('finds nothing in clean input of any shape', () => {
    expect(unsafeInputIn({ name: 'अमित 👍🏽', message: 'a\n\tb', n: 1, f: null, l: [true] })).toBe(
      undefined,
    );
    expect(unsafeInputIn(undefined)).toBe(undefined);
  });
});

class Transfer {
  @Satisfies(checkMobile)
  mobile!: string;

  @Satisfies(checkTransferAmount)
  amount!: number;
}

describe('the validation pipe', () => {
  const pipe = createValidationPipe();
  const body = { type: 'body' as const, metatype: Transfer };

  it('hands the handler the values the rules made, not the raw input', async () => {
    const transfer = (await pipe.transform(
      { mobile: ' 98765-43210 ', amount: '12.50' },
      body,
    )) as Transfer;
    expect(transfer).toBeInstanceOf(Transfer);
    expect({ ...transfer }).toEqual({ mobile: '9876543210', amount: 1250 });
  });

  it('refuses a JSON number for a mobile number and a spoiled string, with 400s', async () => {
    await expect(pipe.transform({ mobile: 9876543210, amount: 1 }, body)).rejects.toMatchObject({
      message: 'Mobile number must be text, such as "9876543210".',
    });
    await expect(
      pipe.transform({ mobile: '9876543210', amount: 1, extra: 'x\u0000' }, body),
    ).rejects.toMatchObject({ message: TextMessages.notAllowed('Extra') });
  });
});
