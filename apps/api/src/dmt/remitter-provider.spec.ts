import { describe, expect, it } from '@jest/globals';
import {
  RemitterProviderUnavailableError,
  SANDBOX_EKYC_MESSAGES,
  SandboxRemitterProvider,
} from './remitter-provider.js';

const sandbox = new SandboxRemitterProvider({ env: 'test' });
const remitter = (mobile: string) => ({
  mobile,
  name: 'Ramesh Kumar',
  dateOfBirth: '1990-04-21',
  pinCode: '800001',
});

describe('the sandbox remitter provider (its documented test data)', () => {
  it('registers with the same reference when asked twice, and is down for a mobile ending 8', async () => {
    const first = await sandbox.register(remitter('9876543211'));
    expect(first.reference).toMatch(/^SBX-R-[0-9A-F]{16}$/);
    expect(await sandbox.register(remitter('9876543211'))).toEqual(first);
    await expect(sandbox.register(remitter('9876543218'))).rejects.toBeInstanceOf(
      RemitterProviderUnavailableError,
    );
  });

  it('completes an OTP e-KYC only with the started reference and a right code', async () => {
    const { reference } = await sandbox.startOtpEkyc('9876543211');
    expect(await sandbox.completeOtpEkyc('9876543211', reference, '123456')).toEqual({
      status: 'done',
      reference,
    });
    expect(await sandbox.completeOtpEkyc('9876543211', reference, '000000')).toEqual({
      status: 'refused',
      reason: SANDBOX_EKYC_MESSAGES.wrongOtp,
    });
    expect((await sandbox.completeOtpEkyc('9876543211', 'SBX-K-OTHER', '123456')).status).toBe(
      'refused',
    );
  });

  it('refuses e-KYC for a mobile ending 0 and is down at e-KYC for one ending 9', async () => {
    expect(await sandbox.biometricEkyc('9876543210')).toEqual({
      status: 'refused',
      reason: SANDBOX_EKYC_MESSAGES.biometricMismatch,
    });
    await expect(sandbox.biometricEkyc('9876543219')).rejects.toBeInstanceOf(
      RemitterProviderUnavailableError,
    );
    expect((await sandbox.register(remitter('9876543219'))).reference).toMatch(/^SBX-R-/);
  });

  it('vouches for no one in production', async () => {
    const production = new SandboxRemitterProvider({ env: 'production' });
    await expect(production.biometricEkyc('9876543211')).rejects.toBeInstanceOf(
      RemitterProviderUnavailableError,
    );
  });
});
