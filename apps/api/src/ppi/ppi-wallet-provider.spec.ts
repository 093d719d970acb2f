import { describe, expect, it } from '@jest/globals';
import { RUPEE } from '@khata/domain';
import {
  PpiProviderUnavailableError,
  SANDBOX_PPI_PROFILES,
  SandboxPpiWalletProvider,
} from './ppi-wallet-provider.js';

const provider = (env: 'development' | 'production' = 'development') =>
  new SandboxPpiWalletProvider({ env });

describe('the sandbox PPI provider’s sender profiles', () => {
  it.each([
    ['9876543211', 'minimum', 10_000],
    ['9876543212', 'full', 30_000],
    ['9876543213', 'full', 50_000],
    ['9876543210', 'full', 50_000],
  ] as const)('answers %s: %s KYC, ₹%d a month', async (mobile, tier, rupees) => {
    await expect(provider().profile(mobile)).resolves.toEqual({
      tier,
      monthlyLimit: rupees * RUPEE,
      reference: expect.stringMatching(/^SBX-P-[0-9A-F]{16}$/),
    });
  });

  it('answers the same reference for the same sender, another for another', async () => {
    const [a, b, c] = await Promise.all(
      ['9876543213', '9876543213', '9876543223'].map((mobile) => provider().profile(mobile)),
    );
    expect(a!.reference).toBe(b!.reference);
    expect(a!.reference).not.toBe(c!.reference);
  });

  it('is down for a mobile ending 9, and for everyone in production', async () => {
    expect(SANDBOX_PPI_PROFILES.down.ending).toBe('9');
    await expect(provider().profile('9876543219')).rejects.toBeInstanceOf(
      PpiProviderUnavailableError,
    );
    await expect(provider('production').profile('9876543213')).rejects.toBeInstanceOf(
      PpiProviderUnavailableError,
    );
  });
});
