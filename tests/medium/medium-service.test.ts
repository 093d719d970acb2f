import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Ledger } from '@khata/ledger';
import { AuditLog } from '../../apps/api/src/audit/audit.repository.js';
import { RateLimiter } from '../../apps/api/src/common/rate-limiter.js';
import { PinHasher } from '../../apps/api/src/credentials/pin-hasher.js';
import { PinLockNotice } from '../../apps/api/src/credentials/pin-lock-notice.js';
import { PinLockedEvent } from '../../apps/api/src/credentials/pin-locked.event.js';
import { PinLockout } from '../../apps/api/src/credentials/pin-lockout.js';
import { PinVerifier } from '../../apps/api/src/credentials/pin-verifier.js';
import { PinsRepository } from '../../apps/api/src/credentials/pins.repository.js';
import { DecideFundRequestHandler } from '../../apps/api/src/fund-requests/commands/decide-fund-request.handler.js';
import { NetworkScopes } from '../../apps/api/src/network/network-scopes.js';
import { UsersRepository } from '../../apps/api/src/users/users.repository.js';
import { given } from '../support/given.js';
import {
  newMediumService,
  NO_CONTEXT,
  PIN_CHECK,
  USER_MAKING,
  type MediumService,
} from '../support/medium-service.js';

describe('newMediumService: one class, built from what the test names, over real infrastructure', () => {
  it('refuses, before it makes a database, a subject whose dependencies are not all named', async () => {
    const refused = newMediumService(DecideFundRequestHandler, { real: [NetworkScopes] });
    await expect(refused).rejects.toThrow(/not named, so not built/);
    await expect(refused).rejects.toThrow(/DecideFundRequestHandler needs FundRequestsRepository/);
    await expect(refused).rejects.toThrow(/DecideFundRequestHandler needs PinVerifier/);
  });

  it('follows the named classes: a dependency of a dependency must be named too', async () => {
    const refused = newMediumService(PinVerifier, { real: [AuditLog] });
    await expect(refused).rejects.toThrow(/PinVerifier needs PinsRepository/);
    const noTrail = newMediumService(PinVerifier, {
      real: [PinsRepository, PinHasher, RateLimiter, PinLockNotice],
    });
    await expect(noTrail).rejects.toThrow(/PinLockNotice needs AuditTrail/);
  });

  describe('a verifier built from its named repositories', () => {
    let pins: MediumService<PinVerifier>;

    beforeAll(async () => {
      pins = await newMediumService(PinVerifier, {
        real: [...PIN_CHECK, ...USER_MAKING],
      });
    }, 180_000);
    afterAll(async () => {
      await pins.close();
    });

    it('works on a migrated database of its own, with the ledger and the clock as infrastructure', async () => {
      const user = await given(pins).user();
      await expect(
        pins.sut.verify({ userId: user.id }, user.pin, {
          ip: null,
          latitude: null,
          longitude: null,
          userAgent: null,
          requestId: null,
        }),
      ).resolves.toBeUndefined();
      const wallet = await pins.get(Ledger).userAccount(user.id, 'wallet');
      expect(typeof wallet).toBe('string');
      expect(pins.clock.now()).toBeInstanceOf(Date);
    });

    it('locks on the fifth wrong PIN through the real notice: its audit row and its event', async () => {
      const user = await given(pins).user();
      const wrong = user.pin === '9876' ? '6789' : '9876';
      for (let i = 1; i < PinLockout.maxFailures; i++) {
        await expect(pins.sut.verify({ userId: user.id }, wrong, NO_CONTEXT)).rejects.toThrow(
          /Incorrect PIN/,
        );
      }
      expect(pins.published.filter((e) => e instanceof PinLockedEvent)).toEqual([]);
      await expect(pins.sut.verify({ userId: user.id }, wrong, NO_CONTEXT)).rejects.toThrow(
        /locked for 30 minutes/,
      );
      const { rows } = await pins.db.query<{ outcome: string; details: { lockout: number } }>(
        "SELECT outcome, details FROM audit_log WHERE action = 'pin.locked' AND subject_id = $1",
        [user.id],
      );
      expect(rows).toEqual([
        { outcome: 'success', details: expect.objectContaining({ lockout: 1 }) },
      ]);
      const events = pins.published.filter((e) => e instanceof PinLockedEvent);
      expect(events).toEqual([expect.objectContaining({ userId: user.id, length: '30 minutes' })]);
    });

    it('hands out only what was named or is infrastructure', () => {
      expect(pins.get(UsersRepository)).toBeInstanceOf(UsersRepository);
      expect(() => pins.get(NetworkScopes)).toThrow(/NetworkScopes is not named/);
    });
  });
});
