import type { RuntimeEnv } from '../../config/config.js';

/**
 * How one-time passwords reach a phone. Read once when the beneficiaries module starts.
 * TODO(lead): fold into AppConfig (config.ts) so nothing but the config reads process.env.
 */
export interface SmsSettings {
  /** Only `sandbox` exists so far; a real SMS gateway plugs in behind `SmsSender`. */
  adapter: 'sandbox';
  /**
   * SMS_SANDBOX_OTP: every OTP is this 6-digit value, so a browser test or a demo can type it.
   * Development and tests only: production refuses to start with it.
   */
  fixedOtp: string | undefined;
}

export class SmsSettingsError extends Error {
  override readonly name = 'SmsSettingsError';
}

export function loadSmsSettings(env: NodeJS.ProcessEnv, runtime: RuntimeEnv): SmsSettings {
  const adapter = env.SMS_ADAPTER || 'sandbox';
  if (adapter !== 'sandbox') {
    throw new SmsSettingsError(`SMS_ADAPTER must be sandbox; it is "${adapter}".`);
  }
  const fixedOtp = env.SMS_SANDBOX_OTP || undefined;
  if (fixedOtp !== undefined && !/^\d{6}$/.test(fixedOtp)) {
    throw new SmsSettingsError(`SMS_SANDBOX_OTP must be 6 digits; it is "${fixedOtp}".`);
  }
  if (fixedOtp !== undefined && runtime === 'production') {
    throw new SmsSettingsError(
      'SMS_SANDBOX_OTP is for development and tests only; unset it in production.',
    );
  }
  return { adapter, fixedOtp };
}
