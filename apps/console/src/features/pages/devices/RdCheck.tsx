import { Alert, Button, Descriptions, Progress, Typography } from 'antd';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  captureOnce,
  captureVerdict,
  discoverRdService,
  makeOf,
  portsToScan,
  SANDBOX_MAKER,
  UNKNOWN_MAKER,
  type CaptureResult,
  type FoundDevice,
  type Verdict,
  type VerdictCode,
} from './rd-client';

/** Each capture verdict's words (rd-client keeps English ones for the unit tests and logs). */
const VERDICT_TITLES = {
  '700': 'devices.rd.verdicts.noFinger.title',
  '710': 'devices.rd.verdicts.inUse.title',
  '720': 'devices.rd.verdicts.notReady.title',
  '730': 'devices.rd.verdicts.notCaptured.title',
  '740': 'devices.rd.verdicts.restart.title',
  other: 'devices.rd.verdicts.other.title',
  poorQuality: 'devices.rd.verdicts.poorQuality.title',
  clear: 'devices.rd.verdicts.clear.title',
} as const satisfies Record<VerdictCode, string>;

const VERDICT_HELP = {
  '700': 'devices.rd.verdicts.noFinger.help',
  '710': 'devices.rd.verdicts.inUse.help',
  '720': 'devices.rd.verdicts.notReady.help',
  '730': 'devices.rd.verdicts.notCaptured.help',
  '740': 'devices.rd.verdicts.restart.help',
  other: 'devices.rd.verdicts.other.help',
  poorQuality: 'devices.rd.verdicts.poorQuality.help',
  clear: 'devices.rd.verdicts.clear.help',
} as const satisfies Record<VerdictCode, string>;

function verdictWords(verdict: Verdict, t: TFunction<'pages'>): { title: string; help: string } {
  return {
    title: t(VERDICT_TITLES[verdict.code]),
    help: t(VERDICT_HELP[verdict.code], { code: verdict.errCode ?? '' }),
  };
}

/** The maker's name, or the page's words when there is none to give. */
function makerWords(maker: string, t: TFunction<'pages'>): string {
  if (maker === UNKNOWN_MAKER) return t('devices.rd.unknownMaker');
  if (maker === SANDBOX_MAKER) return t('devices.rd.sandboxMaker');
  return maker;
}

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

/** No RD service answered on any port. */
function NotFound() {
  const { t } = useTranslation('pages');
  return (
    <Alert
      type="error"
      showIcon
      title={t('devices.rd.notFound.title')}
      description={t('devices.rd.notFound.body')}
    />
  );
}

function FoundDetails({ found }: { found: FoundDevice }) {
  const { t } = useTranslation('pages');
  const ready = found.service.status === 'READY';
  return (
    <>
      <Alert
        type={ready ? 'success' : 'warning'}
        showIcon
        title={ready ? t('devices.rd.found.ready') : t('devices.rd.found.notReady')}
        description={ready ? undefined : t('devices.rd.found.notReadyHelp')}
      />
      <Descriptions
        className="rd-check__details"
        column={1}
        bordered
        size="small"
        items={[
          {
            key: 'make',
            label: t('devices.rd.details.make'),
            children: makerWords(makeOf(found.device?.dpId ?? '', found.service.info), t),
          },
          {
            key: 'model',
            label: t('devices.rd.details.model'),
            children: found.device?.mi || t('devices.rd.details.notReported'),
          },
          {
            key: 'serial',
            label: t('devices.rd.details.serial'),
            children: found.device?.serial || t('devices.rd.details.notReported'),
          },
          {
            key: 'status',
            label: t('devices.rd.details.status'),
            children: t('devices.rd.details.statusValue', {
              status: found.service.status || 'UNKNOWN',
              info: found.service.info || t('devices.rd.details.noDescription'),
            }),
          },
          {
            key: 'port',
            label: t('devices.rd.details.port'),
            children: `${found.port} (${found.url.split(':')[0]})`,
          },
        ]}
      />
    </>
  );
}

/** /bioMetrics: "Find my device". */
export function DeviceFinder() {
  const { t } = useTranslation('pages');
  const { finding, find } = useFinder();
  return (
    <section className="rd-check" aria-label={t('devices.rd.find')}>
      <Button
        type="primary"
        size="large"
        loading={finding.state === 'looking'}
        onClick={() => void find()}
      >
        {finding.state === 'looking' ? t('devices.rd.looking') : t('devices.rd.find')}
      </Button>
      {finding.state === 'missing' && <NotFound />}
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
  const { t } = useTranslation('pages');
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
    <section className="rd-check" aria-label={t('devices.rd.testCapture')}>
      <Typography.Paragraph>{t('devices.rd.testLead')}</Typography.Paragraph>
      <Button type="primary" size="large" loading={busy} onClick={() => void run()}>
        {capture.state === 'capturing' ? t('devices.rd.placeFinger') : t('devices.rd.capture')}
      </Button>
      {finding.state === 'missing' && <NotFound />}
      {finding.state === 'found' && <FoundDetails found={finding.found} />}
      {capture.state === 'broken' && (
        <Alert
          type="error"
          showIcon
          title={t('devices.rd.broken.title')}
          description={t('devices.rd.broken.help')}
        />
      )}
      {capture.state === 'done' && (
        <div className="rd-check__result">
          <Alert
            type={capture.verdict.ok ? 'success' : 'error'}
            showIcon
            title={verdictWords(capture.verdict, t).title}
            description={verdictWords(capture.verdict, t).help}
          />
          {capture.result.qScore !== null && (
            <div className="rd-check__quality">
              <Typography.Text strong>
                {t('devices.rd.quality', { score: capture.result.qScore })}
              </Typography.Text>
              <Progress
                percent={capture.result.qScore}
                showInfo={false}
                status={capture.verdict.ok ? 'success' : 'exception'}
                aria-label={t('devices.rd.qualityLabel')}
              />
            </div>
          )}
        </div>
      )}
    </section>
  );
}
