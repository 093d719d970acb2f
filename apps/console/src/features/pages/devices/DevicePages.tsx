import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppPath } from '../../../app/paths';
import { ButtonLink } from '../../../ui/ButtonLink';
import { ContentSection } from '../components/ContentSection';
import { FaqList } from '../components/FaqList';
import { HighlightGrid } from '../components/HighlightGrid';
import { PageIntro } from '../components/PageIntro';
import { StepList } from '../components/StepList';
import type { Faq, Highlight, PageIntroContent } from '../content-types';
import type { DeviceCheck } from './content';
import { DeviceChecks } from './DeviceChecks';
import { DeviceCaptureTest, DeviceFinder } from './RdCheck';
import './devices.css';

/** /bioMetrics: which fingerprint device AEPS needs and how to set it up. */
export function BiometricsPage() {
  const { t } = useTranslation('pages');
  const supportedDevice = t('devices.biometrics.supportedDevice', { returnObjects: true }) as {
    name: string;
    body: string;
  };
  return (
    <>
      <PageIntro
        content={t('devices.biometrics.intro', { returnObjects: true }) as PageIntroContent}
      >
        <ButtonLink type="primary" size="large" to={AppPath.morphoDeviceTest}>
          {t('devices.biometrics.checkDevice')}
        </ButtonLink>
      </PageIntro>

      <ContentSection
        title={t('devices.biometrics.findTitle')}
        intro={t('devices.biometrics.findIntro')}
      >
        <DeviceFinder />
      </ContentSection>

      <ContentSection title={t('devices.biometrics.supportedTitle')} tone="muted">
        <Card variant="outlined" className="device-supported">
          <Typography.Title level={3} className="content-card__title">
            {supportedDevice.name}
          </Typography.Title>
          <Typography.Paragraph className="content-card__body">
            {supportedDevice.body}
          </Typography.Paragraph>
        </Card>
      </ContentSection>

      <ContentSection title={t('devices.biometrics.needTitle')}>
        <HighlightGrid
          items={t('devices.biometrics.requirements', { returnObjects: true }) as Highlight[]}
        />
      </ContentSection>

      <ContentSection
        title={t('devices.biometrics.setupTitle')}
        intro={t('devices.biometrics.setupIntro')}
        tone="muted"
      >
        <StepList steps={t('devices.setupSteps', { returnObjects: true }) as Highlight[]} />
      </ContentSection>

      <ContentSection title={t('devices.wrongTitle')}>
        <FaqList faqs={t('devices.troubleshooting', { returnObjects: true }) as Faq[]} />
      </ContentSection>
    </>
  );
}

/** /morpho-device-test: one capture against the RD service on this computer, nothing sent. */
export function MorphoDeviceTestPage() {
  const { t } = useTranslation('pages');
  return (
    <>
      <PageIntro content={t('devices.test.intro', { returnObjects: true }) as PageIntroContent} />

      <div className="content-inner device-test__notice">
        <DeviceCaptureTest />
      </div>

      <ContentSection title={t('devices.test.checksTitle')} intro={t('devices.test.checksIntro')}>
        <DeviceChecks checks={t('devices.test.checks', { returnObjects: true }) as DeviceCheck[]} />
      </ContentSection>

      <ContentSection title={t('devices.test.setupTitle')} tone="muted">
        <StepList steps={t('devices.setupSteps', { returnObjects: true }) as Highlight[]} />
      </ContentSection>

      <ContentSection title={t('devices.wrongTitle')}>
        <FaqList faqs={t('devices.troubleshooting', { returnObjects: true }) as Faq[]} />
        <div className="device-test__more">
          <ButtonLink to={AppPath.bioMetrics}>{t('devices.test.more')}</ButtonLink>
        </div>
      </ContentSection>
    </>
  );
}
