import { Alert, Button, Progress, Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('aeps-counter');
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
          ? t('capture.looking')
          : view.state === 'capturing'
            ? t('capture.placeFinger')
            : fingerprint.taken
              ? t('capture.again')
              : label}
      </Button>
      {view.state === 'missing' && (
        <Alert
          type="error"
          showIcon
          title={t('capture.missing.title')}
          description={
            <Trans
              t={t}
              i18nKey="capture.missing.help"
              components={{ go: <Link to={AppPath.bioMetrics} /> }}
            />
          }
        />
      )}
      {view.state === 'notReady' && (
        <Alert
          type="warning"
          showIcon
          title={t('capture.notReady.title')}
          description={t('capture.notReady.help')}
        />
      )}
      {view.state === 'broken' && (
        <Alert
          type="error"
          showIcon
          title={t('capture.broken.title')}
          description={t('capture.broken.help')}
        />
      )}
      {view.state === 'read' && (
        <div className="aeps-capture__result" data-testid="aeps-capture">
          <Alert
            type={view.verdict.ok ? 'success' : 'error'}
            showIcon
            title={view.verdict.ok ? t('capture.captured') : view.verdict.title}
            description={view.verdict.ok ? undefined : view.verdict.help}
          />
          {view.result.qScore !== null && (
            <div className="aeps-capture__quality">
              <Typography.Text strong>
                {t('capture.quality', { score: view.result.qScore })}
              </Typography.Text>
              <Progress
                percent={view.result.qScore}
                showInfo={false}
                size="small"
                status={view.verdict.ok ? 'success' : 'exception'}
                aria-label={t('capture.qualityLabel')}
              />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
