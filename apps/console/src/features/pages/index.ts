// The pages feature's public entry: what other features may use.
// Issue 26: the RD service client, for the AEPS counter's fingerprint captures.
export {
  capturePid,
  captureVerdict,
  discoverRdService,
  portsToScan,
  type CaptureResult,
  type FoundDevice,
  type Verdict,
} from './devices/rd-client';
