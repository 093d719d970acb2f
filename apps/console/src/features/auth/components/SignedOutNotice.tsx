import { useEffect, useState } from 'react';
import { Messages, SessionEndReason, sessionEndedAfter, signedOutIdle } from '@khata/domain';
import { forgetSignedOutReason, lastSignedOut, type SignedOut } from '../session/session';
import { AuthAlert } from './AuthLayout';
import { localizeMessage } from '../../../i18n/messages';

const WHY: Partial<Record<SessionEndReason, string>> = {
  [SessionEndReason.SignedOutElsewhere]: Messages.signedOutElsewhere,
  [SessionEndReason.Expired]: Messages.sessionEndedAtMidnight,
  [SessionEndReason.Deactivated]: Messages.accountDeactivated,
};

/**
 * On /login after a forced logout (code 2211): why this device was signed out, when the API
 * said. Someone who finds themselves signed out should not have to guess whether it was a
 * fault, their day ending, or someone with their account on another device. Said once: the
 * next visit to /login is a plain one.
 */
export function SignedOutNotice() {
  const [signedOut] = useState(lastSignedOut);
  useEffect(() => {
    forgetSignedOutReason();
  }, []);
  const why = signedOut && whyOf(signedOut);
  if (!why) return null;
  return <AuthAlert kind="warning">{localizeMessage(why)}</AuthAlert>;
}

/** Issue 31: a session left unused says after how long, as the API told; so does a shorter one. */
function whyOf({ reason, idleMinutes, afterHours }: SignedOut): string | undefined {
  if (reason === SessionEndReason.Idle) {
    return idleMinutes ? signedOutIdle(idleMinutes) : Messages.sessionEnded;
  }
  // An admin's shorter session (issue 31) ends after its hours, not at midnight.
  if (reason === SessionEndReason.Expired && afterHours) return sessionEndedAfter(afterHours);
  return WHY[reason];
}
