import { useCallback, useRef } from 'react';
import { ApiError } from '../../../api/client';
import { newIdempotencyKey } from './idempotency';

/**
 * One Idempotency-Key per submission (API.md). The key is kept when the answer never came
 * (no connection, a 5xx): sending the same form again is then a retry the API answers once.
 * Any answer, or a change to the form, starts a new submission with a new key.
 */
export function useIdempotencyKey() {
  const key = useRef<string>(undefined);
  const current = useCallback(() => {
    key.current ??= newIdempotencyKey();
    return key.current;
  }, []);
  const renew = useCallback(() => {
    key.current = undefined;
  }, []);
  const settle = useCallback(
    (error: unknown) => {
      const unanswered = error instanceof ApiError && (error.status === 0 || error.status >= 500);
      if (!unanswered) renew();
    },
    [renew],
  );
  return { current, renew, settle };
}
