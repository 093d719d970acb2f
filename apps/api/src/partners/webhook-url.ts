import { checkWebhookUrl } from '@khata/domain';
import { AppError, ErrorKind } from '../common/errors.js';
import type { AppConfig } from '../config/config.js';

/** https only; plain http to this machine too outside production (a local receiver). */
export function acceptedWebhookUrl(url: string, config: AppConfig): string {
  const checked = checkWebhookUrl(url, { allowLocalHttp: config.env !== 'production' });
  if (!checked.ok) throw new AppError(ErrorKind.Invalid, checked.message);
  return checked.value;
}
