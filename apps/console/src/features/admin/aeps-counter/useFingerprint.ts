import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { newIdempotencyKey } from '../common/idempotency';
import {
  capturePid,
  captureVerdict,
  discoverRdService,
  portsToScan,
  type CaptureResult,
  type FoundDevice,
  type Verdict,
} from '../../pages';

/** A capture that can be sent: the PID block, and the one Idempotency-Key of its call. */
export interface TakenFingerprint {
  pid: string;
  idempotencyKey: string;
}

export type FingerprintState =
  | { state: 'idle' }
  | { state: 'looking' }
  | { state: 'missing' }
  | { state: 'notReady' }
  | { state: 'capturing' }
  | { state: 'broken' }
  | { state: 'read'; result: CaptureResult; verdict: Verdict; taken?: TakenFingerprint };

export interface Fingerprint {
  view: FingerprintState;
  busy: boolean;
  /** The capture to send, once it was read clearly. */
  taken: TakenFingerprint | undefined;
  capture: () => Promise<void>;
  /** Forget the capture (after its call was answered): the next call needs a new one. */
  clear: () => void;
}

/**
 * Issue 26: one fingerprint at the counter, from the RD service on this computer (the device
 * pages' client, `?rdPort=` for support as there). The device is looked for once and kept;
 * each capture is read with the device pages' verdicts (700-740, poor quality). A clear capture
 * gets its own Idempotency-Key: the key belongs to the capture, so a retry of an unanswered call
 * with the same capture is answered once, and a new transaction cannot reuse a finger.
 * The PID block lives in this state only until its call is answered.
 */
export function useFingerprint(): Fingerprint {
  const [params] = useSearchParams();
  const [view, setView] = useState<FingerprintState>({ state: 'idle' });
  const device = useRef<FoundDevice | null>(null);

  const capture = async () => {
    if (!device.current) {
      setView({ state: 'looking' });
      device.current = await discoverRdService({ ports: portsToScan(params.get('rdPort')) });
    }
    const found = device.current;
    if (!found) return setView({ state: 'missing' });
    if (found.service.status !== 'READY') {
      // Looked for again next time: the shopkeeper may plug the scanner in meanwhile.
      device.current = null;
      return setView({ state: 'notReady' });
    }
    setView({ state: 'capturing' });
    try {
      const answer = await capturePid(found);
      if (!answer) return setView({ state: 'broken' });
      const verdict = captureVerdict(answer.result);
      setView({
        state: 'read',
        result: answer.result,
        verdict,
        taken:
          verdict.ok && answer.pid
            ? { pid: answer.pid, idempotencyKey: newIdempotencyKey() }
            : undefined,
      });
    } catch {
      device.current = null;
      setView({ state: 'broken' });
    }
  };

  return {
    view,
    busy: view.state === 'looking' || view.state === 'capturing',
    taken: view.state === 'read' ? view.taken : undefined,
    capture,
    clear: () => setView({ state: 'idle' }),
  };
}
