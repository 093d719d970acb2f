import pg from 'pg';
import { currentTestRun, databasePrefix } from '../support/run.mjs';

// The portal under test runs in another process: its sandbox SMS gateway keeps every message
// in `sandbox_sms_outbox` too, where these helpers read OTPs and temporary passwords.

/**
 * The latest SMS to a number (of those containing `containing`), waiting up to 5 s for it;
 * undefined if none came.
 */
export async function lastSmsTo(mobile: string, containing = ''): Promise<string | undefined> {
  const run = currentTestRun();
  const client = new pg.Client({
    connectionString: `${run.postgresUrl}/${databasePrefix(run.runId)}_e2e`,
  });
  await client.connect();
  try {
    for (let tries = 0; tries < 50; tries += 1) {
      const { rows } = await client.query<{ body: string }>(
        `SELECT body FROM sandbox_sms_outbox WHERE to_mobile = $1 AND strpos(body, $2) > 0
          ORDER BY id DESC LIMIT 1`,
        [mobile, containing],
      );
      if (rows[0]) return rows[0].body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return undefined;
  } finally {
    await client.end();
  }
}

export async function temporaryPasswordFor(mobile: string): Promise<string> {
  // An admin also receives security alerts (issue 31): the password is in the latest welcome.
  const text = await lastSmsTo(mobile, 'temporary password is');
  const password = /temporary password is ([a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4})\./.exec(text ?? '');
  if (!password) throw new Error(`no temporary password was sent to ${mobile}: ${text}`);
  return password[1]!;
}

export async function signupOtpFor(mobile: string): Promise<string> {
  const text = await lastSmsTo(mobile);
  const otp = /^(\d{6}) is your Khata OTP/.exec(text ?? '');
  if (!otp) throw new Error(`no signup OTP was sent to ${mobile}: ${text}`);
  return otp[1]!;
}

/** The OTP that approves a new partner API key (issue 31). */
export async function apiKeyOtpFor(mobile: string): Promise<string> {
  const text = await lastSmsTo(mobile);
  const otp = /^(\d{6}) is your Khata OTP to create the API key/.exec(text ?? '');
  if (!otp) throw new Error(`no API key OTP was sent to ${mobile}: ${text}`);
  return otp[1]!;
}
