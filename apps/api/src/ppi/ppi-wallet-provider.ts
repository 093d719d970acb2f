import { Inject, Injectable } from '@nestjs/common';
import { type Paise, type PpiKycTier, RUPEE } from '@khata/domain';
import { createHash } from 'node:crypto';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';

/**
 * The PPI provider's answer about a sender's prepaid wallet (issue 25; Eko's "Get Sender
 * Profile"): its KYC tier and the monthly limit the provider allows the sender. Khata applies
 * that limit as answered; it has no figure of its own for it.
 */
export interface PpiWalletProfile {
  tier: PpiKycTier;
  monthlyLimit: Paise;
  /** The provider's reference for the wallet (Eko's `customer_id`). */
  reference: string;
}

/** The provider did not answer, or answered 5xx: nothing is known about the wallet. */
export class PpiProviderUnavailableError extends Error {
  constructor(message = 'The PPI provider did not answer.') {
    super(message);
    this.name = 'PpiProviderUnavailableError';
  }
}

/**
 * The PPI provider's sender side. A real one (Eko's PPI API: Get Sender Profile, onboarding with
 * OTP, Aadhaar OTP + PAN KYC for the full tier) plugs in behind `profile`; the onboarding and
 * KYC happen on the provider's own pages, so no Aadhaar number or PAN passes through Khata.
 */
export abstract class PpiWalletProvider {
  abstract profile(mobile: string): Promise<PpiWalletProfile>;
}

/**
 * Sandbox test data, by the last digit of the sender's mobile (docs/api.md "PPI money transfer"):
 *
 * | mobile ends | tier    | monthly limit                 |
 * |-------------|---------|-------------------------------|
 * | 1           | minimum | ₹10,000 (no transfer allowed) |
 * | 2           | full    | ₹30,000                       |
 * | 9           | —       | provider down (503)           |
 * | any other   | full    | ₹50,000                       |
 *
 * In production the sandbox vouches for no one: every call is "provider down".
 */
export const SANDBOX_PPI_PROFILES = {
  minimum: { ending: '1', tier: 'minimum', monthlyLimit: 10_000 * RUPEE },
  smaller: { ending: '2', tier: 'full', monthlyLimit: 30_000 * RUPEE },
  down: { ending: '9' },
  standard: { tier: 'full', monthlyLimit: 50_000 * RUPEE },
} as const;

@Injectable()
export class SandboxPpiWalletProvider extends PpiWalletProvider {
  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'env'>) {
    super();
  }

  profile(mobile: string): Promise<PpiWalletProfile> {
    const { minimum, smaller, down, standard } = SANDBOX_PPI_PROFILES;
    if (this.config.env === 'production' || mobile.endsWith(down.ending)) {
      return Promise.reject(new PpiProviderUnavailableError());
    }
    const reference = `SBX-P-${createHash('sha256').update(mobile).digest('hex').slice(0, 16).toUpperCase()}`;
    const chosen = [minimum, smaller].find((one) => mobile.endsWith(one.ending)) ?? standard;
    return Promise.resolve({ tier: chosen.tier, monthlyLimit: chosen.monthlyLimit, reference });
  }
}
