import { randomBytes, randomInt } from 'node:crypto';
import { verhoeffDigit } from '@khata/domain';

/**
 * AEPS test data (issue 26): Aadhaar numbers the sandbox provider reads (the two digits before
 * the check digit choose its answer: docs/api.md "The sandbox AEPS provider's test data"), each
 * new and Verhoeff-valid, and PID blocks shaped as an RD service's, each unique (a capture is
 * never reused).
 */
export function testAadhaar(code = '00'): string {
  const nine = `${randomInt(2, 10)}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  const eleven = `${nine}${code}`;
  return `${eleven}${verhoeffDigit(eleven)}`;
}

/** A PidData XML as a Mantra RD service answers a capture; `marker` is in its encrypted data. */
export function testPid(marker = randomBytes(24).toString('base64')): string {
  return (
    `<PidData><Resp errCode="0" errInfo="Success" fCount="1" fType="2" nmPoints="38" qScore="78"/>` +
    `<DeviceInfo dpId="MANTRA.MSIPL" rdsId="RENESAS.MANTRA.001" rdsVer="1.0.4" mi="MFS100" mc="TESTCERT" dc="SANDBOX-DC"/>` +
    `<Skey ci="20250101">${randomBytes(32).toString('base64')}</Skey>` +
    `<Hmac>${randomBytes(32).toString('base64')}</Hmac>` +
    `<Data type="X">${marker}</Data></PidData>`
  );
}
