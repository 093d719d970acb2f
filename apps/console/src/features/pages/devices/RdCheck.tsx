import { Alert, Button, Descriptions, Progress, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  captureOnce,
  captureVerdict,
  discoverRdService,
  makeOf,
  portsToScan,
  type CaptureResult,
  type FoundDevice,
  type Verdict,
} from './rd-client';

type Finding =
  | { state: 'idle' }
  | { state: 'looking' }
  | { state: 'missing' }
  | { state: 'found'; found: FoundDevice };

/** Find the RD service on this computer; `?rdPort=` scans one port only (support's aid). */
function useFinder() {
  const [params] = useSearchParams();
  const [finding, setFinding] = useState<Finding>({ state: 'idle' });
  const find = async (): Promise<FoundDevice | null> => {
    setFinding({ state: 'looking' });
    const found = await discoverRdService({ ports: portsToScan(params.get('rdPort')) });
    setFinding(found ? { state: 'found', found } : { state: 'missing' });
    return found;
  };
  return { finding, find };
}

const notFound = {
  title: 'No RD service found on this computer',
  body: 'Nothing answered on the RD service ports (11100 to 11120). Check that the scanner is plugged in, then open Windows Services and start the RD service of your scanner (install it again if it is missing). Use Chrome or Edge on the computer the scanner is plugged into.',
};

function FoundDetails({ found }: { found: FoundDevice }) {
  const ready = found.service.status === 'READY';
  return (
    <>
      <Alert
        type={ready ? 'success' : 'warning'}
        showIcon
        title={
          ready
            ? 'Your device was found and is ready'
            : 'The RD service is running, but the scanner is not ready'
        }
        description={
          ready
            ? undefined
            : 'Plug the scanner straight into a USB port of the computer and check its light is on. If the RD service says the device is not registered, contact the vendor with the serial number.'
        }
      />
      <Descriptions
        className="rd-check__details"
        column={1}
        bordered
        size="small"
        items={[
          {
            key: 'make',
            label: 'Make',
            children: makeOf(found.device?.dpId ?? '', found.service.info),
          },
          { key: 'model', label: 'Model', children: found.device?.mi || 'Not reported' },
          {
            key: 'serial',
            label: 'Serial number',
            children: found.device?.serial || 'Not reported',
          },
          {
            key: 'status',
            label: 'RD service status',
            children: `${found.service.status || 'UNKNOWN'} (${found.service.info || 'no description'})`,
          },
          { key: 'port', label: 'Port', children: `${found.port} (${found.url.split(':')[0]})` },
        ]}
      />
    </>
  );
}

/** /bioMetrics: "Find my device". */
export function DeviceFinder() {
  const { finding, find } = useFinder();
  return (
    <section className="rd-check" aria-label="Find my device">
      <Button
        type="primary"
        size="large"
        loading={finding.state === 'looking'}
        onClick={() => void find()}
      >
        {finding.state === 'looking' ? 'Looking for your device…' : 'Find my device'}
      </Button>
      {finding.state === 'missing' && (
        <Alert type="error" showIcon title={notFound.title} description={notFound.body} />
      )}
      {finding.state === 'found' && <FoundDetails found={finding.found} />}
    </section>
  );
}

type Capture =
  | { state: 'idle' }
  | { state: 'capturing' }
  | { state: 'done'; result: CaptureResult; verdict: Verdict }
  | { state: 'broken' };

/** /morpho-device-test: find the device, capture once, show the quality score. Nothing is sent. */
export function DeviceCaptureTest() {
  const { finding, find } = useFinder();
  const [capture, setCapture] = useState<Capture>({ state: 'idle' });
  const run = async () => {
    setCapture({ state: 'idle' });
    const found = finding.state === 'found' ? finding.found : await find();
    if (!found || found.service.status !== 'READY') return;
    setCapture({ state: 'capturing' });
    try {
      const result = await captureOnce(found);
      setCapture(
        result ? { state: 'done', result, verdict: captureVerdict(result) } : { state: 'broken' },
      );
    } catch {
      setCapture({ state: 'broken' });
    }
  };
  const busy = finding.state === 'looking' || capture.state === 'capturing';
  return (
    <section className="rd-check" aria-label="Test capture">
      <Typography.Paragraph>
        Press the button, then place a finger flat on the scanner. The fingerprint is checked on
        this computer only: nothing is sent to Khata or stored.
      </Typography.Paragraph>
      <Button type="primary" size="large" loading={busy} onClick={() => void run()}>
        {capture.state === 'capturing'
          ? 'Place your finger on the scanner…'
          : 'Capture a fingerprint'}
      </Button>
      {finding.state === 'missing' && (
        <Alert type="error" showIcon title={notFound.title} description={notFound.body} />
      )}
      {finding.state === 'found' && <FoundDetails found={finding.found} />}
      {capture.state === 'broken' && (
        <Alert
          type="error"
          showIcon
          title="The RD service did not answer the capture"
          description="Restart the RD service in Windows Services and try again."
        />
      )}
      {capture.state === 'done' && (
        <div className="rd-check__result">
          <Alert
            type={capture.verdict.ok ? 'success' : 'error'}
            showIcon
            title={capture.verdict.title}
            description={capture.verdict.help}
          />
          {capture.result.qScore !== null && (
            <div className="rd-check__quality">
              <Typography.Text strong>
                Quality score: {capture.result.qScore} out of 100
              </Typography.Text>
              <Progress
                percent={capture.result.qScore}
                showInfo={false}
                status={capture.verdict.ok ? 'success' : 'exception'}
                aria-label="Quality score"
              />
            </div>
          )}
        </div>
      )}
    </section>
  );
}
