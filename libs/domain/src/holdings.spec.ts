import { describe, expect, it } from '@jest/globals';
import { BalanceMessages } from './balances.js';
import {
  checkHoldingFits,
  checkSamePlacement,
  holdingAboveMoney,
  holdingNotFound,
  releaseStepOf,
} from './holdings.js';

describe('checkHoldingFits', () => {
  it('takes a holding up to what the wallet holds itself', () => {
    expect(checkHoldingFits('lien', 500, 500)).toEqual({ ok: true, value: 500 });
  });
  it('refuses a paisa more, naming the most it may be', () => {
    expect(checkHoldingFits('lien', 501, 500)).toEqual({
      ok: false,
      message: BalanceMessages.lienAboveMoney(500),
    });
    expect(checkHoldingFits('security', 501, 500)).toEqual({
      ok: false,
      message: BalanceMessages.depositAboveMoney(500),
    });
  });
  it('names zero, not a debt, when the wallet is overdrawn', () => {
    expect(checkHoldingFits('lien', 1, -300)).toEqual({
      ok: false,
      message: BalanceMessages.lienAboveMoney(0),
    });
    expect(holdingAboveMoney('security', -1)).toBe(BalanceMessages.depositAboveMoney(0));
  });
});

describe('checkSamePlacement', () => {
  it('answers the same request again and refuses another under the same key', () => {
    expect(checkSamePlacement({ placedHash: 'a' }, 'a')).toEqual({ ok: true, value: true });
    expect(checkSamePlacement({ placedHash: 'a' }, 'b')).toEqual({
      ok: false,
      message: BalanceMessages.keyReused,
    });
  });
});

describe('releaseStepOf', () => {
  const placed = { status: 'placed' as const, releasedBy: null, releasedKey: null };
  const released = { status: 'released' as const, releasedBy: 'admin-1', releasedKey: 'k1' };

  it('releases a placed holding', () => {
    expect(releaseStepOf(placed, 'lien', 'admin-1', 'k1')).toEqual({ ok: true, value: 'release' });
  });
  it('replays the same admin and key', () => {
    expect(releaseStepOf(released, 'lien', 'admin-1', 'k1')).toEqual({
      ok: true,
      value: 'replay',
    });
  });
  it('refuses another key or another admin, in the words of its kind', () => {
    expect(releaseStepOf(released, 'lien', 'admin-1', 'k2')).toEqual({
      ok: false,
      message: BalanceMessages.lienAlreadyReleased,
    });
    expect(releaseStepOf(released, 'security', 'admin-2', 'k1')).toEqual({
      ok: false,
      message: BalanceMessages.depositAlreadyReleased,
    });
  });
  it('says which kind was not found', () => {
    expect(holdingNotFound('lien')).toBe(BalanceMessages.lienNotFound);
    expect(holdingNotFound('security')).toBe(BalanceMessages.depositNotFound);
  });
});
