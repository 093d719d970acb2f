import { Inject, Injectable } from '@nestjs/common';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { HostResolver } from '../net/host-resolver.js';
import { internalAddressKind, judgedAddress } from '../net/internal-address.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { internalAddressMessage, literalAddress } from './webhook-url.js';

/** The webhook's host is, or resolves to, an internal address: no try will be made there. */
export class WebhookAddressRefusedError extends Error {
  override readonly name = 'WebhookAddressRefusedError';
}

interface Pinned {
  address: string;
  family: 4 | 6;
}

/**
 * Posts a webhook to public internet addresses only (issue 31 item 8). The host is resolved
 * once, every address it gives is checked (internalAddressKind), and the connection goes to the
 * checked address (a lookup answering only that one), so a name cannot answer a public address
 * to the check and an internal one to the connection (DNS rebinding). A fresh connection each
 * time: a pooled one would outlive the check that let it be made. Redirects are answers like
 * any other, never followed.
 */
@Injectable()
export class WebhookSender {
  constructor(
    private readonly resolver: HostResolver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The receiver's HTTP status; throws WebhookAddressRefusedError, or the connection's error. */
  async post(
    target: string,
    headers: Record<string, string>,
    body: string,
    signal: AbortSignal,
  ): Promise<number> {
    const url = new URL(target);
    return send(url, await this.publicAddress(url), headers, body, signal);
  }

  private async publicAddress(url: URL): Promise<Pinned> {
    const literal = literalAddress(url);
    const addresses = literal ? [literal] : await this.resolver.resolve(url.hostname);
    for (const address of addresses) {
      const kind = internalAddressKind(address, this.config.webhookAllowedAddresses);
      if (kind) {
        const subject = literal
          ? `The webhook URL points at ${address}`
          : `${url.hostname} resolves to ${address}`;
        throw new WebhookAddressRefusedError(internalAddressMessage(subject, kind));
      }
    }
    const [first] = addresses;
    if (!first) throw new Error(`${url.hostname} has no address.`);
    return judgedAddress(first);
  }
}

function send(
  url: URL,
  { address, family }: Pinned,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<number> {
  // Node asks for every address (all: true) when it may try several; either way, only this one.
  const lookup = ((_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup,
      agent: false,
      signal,
    });
    outgoing.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
