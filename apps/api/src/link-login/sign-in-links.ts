import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import type { Tx } from '../database/unit-of-work.js';
import { LINK_TOKEN_LIFETIME_MS, linkTokenHash, newLinkToken } from './link-tokens.js';
import {
  LinkTokensRepository,
  type RefusedLinkToken,
  type SpentLinkToken,
} from './link-tokens.repository.js';

/**
 * Sign-in links as of the clock (issue 24): made with their lifetime, spent once, and asked why
 * one was refused. Callers hand over the token; only its hash reaches the database.
 */
@Injectable()
export class SignInLinks {
  constructor(
    private readonly linkTokens: LinkTokensRepository,
    private readonly clock: Clock,
  ) {}

  /** A fresh link for `userId`, made by `createdBy`, working for LINK_TOKEN_LIFETIME_MS. */
  async make(tx: Tx, link: { userId: string; createdBy: string }) {
    const { token, tokenHash } = newLinkToken();
    const expiresAt = new Date(this.clock.now().getTime() + LINK_TOKEN_LIFETIME_MS);
    const linkTokenId = await this.linkTokens.insert(tx, { tokenHash, ...link, expiresAt });
    return { token, linkTokenId, expiresAt };
  }

  /** Spends a live token (null: unknown, used or expired) as of `at`, the instant it was tried. */
  async spend(tx: Tx, token: string): Promise<{ link: SpentLinkToken | null; at: Date }> {
    const at = this.clock.now();
    return { link: await this.linkTokens.spend(tx, linkTokenHash(token), at), at };
  }

  recordSession(tx: Tx, linkTokenId: string, sessionId: string): Promise<void> {
    return this.linkTokens.recordSession(tx, linkTokenId, sessionId);
  }

  /** Why a token tried at `at` was not spent; null: it is not one of ours. */
  whyRefused(token: string, at: Date): Promise<RefusedLinkToken | null> {
    return this.linkTokens.whyRefused(linkTokenHash(token), at);
  }
}
