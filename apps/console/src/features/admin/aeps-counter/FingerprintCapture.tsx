import { Alert, Button, Progress, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { AppPath } from '../../../app/paths';
import type { Fingerprint } from './useFingerprint';

export interface FingerprintCaptureProps {
  fingerprint: Fingerprint;
  /** "Capture fingerprint" for the customer's, "Capture your fingerprint" for the owner's. */
  label: string;
  disabled?: boolean;
}

/**
 * The capture button and what it found: the device missing or not ready (with the way to the
 * device pages), the scanner's error in the shopkeeper's words, or the quality score.
 */
export function FingerprintCapture({ fingerprint, label, disabled }: FingerprintCaptureProps) {
  const { view, busy } = fingerprint;
  return (
    <div className="aeps-capture">
      <Button
        size="large"
        type={fingerprint.taken ? 'default' : 'primary'}
        loading={busy}
        disabled={disabled}
        onClick={() => void fingerprint.capture()}
      >
        {view.state === 'looking'
          ? 'Looking for your scanner…'
          : view.state === 'capturing'
            ? 'Place the finger on the scanner…'
            : fingerprint.taken
              ? 'Capture again'
              : label}
      </Button>
      {view.state === 'missing' && (
        <Alert
          type="error"
          showIcon
          title="No fingerprint scanner found on this computer"
          description={
            <>
              Check that the scanner is plugged in and its RD service is running, then try again.{' '}
              <Link to={AppPath.bioMetrics}>Find my device</Link> shows what is wrong.
            </>
          }
        />
      )}
      {view.state === 'notReady' && (
        <Alert
          type="warning"
          showIcon
          title="The RD service is running, but the scanner is not ready"
          description="Plug the scanner straight into a USB port of the computer, check its light is on, and try again."
        />
      )}
      {view.state === 'broken' && (
        <Alert
          type="error"
          showIcon
          title="The RD service did not answer the capture"
          description="Restart the RD service in Windows Services and try again."
        />
      )}
      {view.state === 'read' && (
        <div className="aeps-capture__result" data-testid="aeps-capture">
          <Alert
            type={view.verdict.ok ? 'success' : 'error'}
            showIcon
            title={view.verdict.ok ? 'Fingerprint captured' : view.verdict.title}
            description={view.verdict.ok ? undefined : view.verdict.help}
          />
          {view.result.qScore !== null && (
            <div className="aeps-capture__quality">
              <Typography.Text strong>
                Quality score: {view.result.qScore} out of 100
              </Typography.Text>
              <Progress
                percent={view.result.qScore}
                showInfo={false}
                size="small"
                status={view.verdict.ok ? 'success' : 'exception'}
                aria-label="Quality score"
              />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
