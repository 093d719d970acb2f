import { isIP } from 'node:net';
import { checkWebhookUrl } from '@khata/domain';
import { AppError, ErrorKind } from '../common/errors.js';
import { internalAddressKind } from '../net/internal-address.js';
import type { AppConfig } from '../config/config.js';

/**
 * https only; plain http to this machine too outside production (a local receiver). A URL that
 * names an internal address outright is refused here; a host name is resolved and checked at
 * each delivery (WebhookSender), since its addresses can change after it is saved.
 */
export function acceptedWebhookUrl(url: string, config: AppConfig): string {
  const checked = checkWebhookUrl(url, { allowLocalHttp: config.env !== 'production' });
  if (!checked.ok) throw new AppError(ErrorKind.Invalid, checked.message);
  const address = literalAddress(new URL(checked.value));
  const kind = address && internalAddressKind(address, config.webhookAllowedAddresses);
  if (kind) {
    throw new AppError(
      ErrorKind.Invalid,
      internalAddressMessage(`The webhook URL points at ${address}`, kind),
    );
  }
  return checked.value;
}

/** The IP address a URL names outright (without an IPv6 literal's brackets), or undefined for a name. */
export function literalAddress(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) ? host : undefined;
}

/** Why a webhook does not go where it points: the 400 when it is saved, a delivery's reason. */
export function internalAddressMessage(subject: string, kind: string): string {
  return `${subject}, an internal (${kind}) address: webhooks go to public internet addresses only.`;
}
