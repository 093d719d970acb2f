import { Alert, Card, Typography } from 'antd';
import { AppPath } from '../../../app/paths';
import { ButtonLink } from '../../../ui/ButtonLink';
import { ContentSection } from '../components/ContentSection';
import { FaqList } from '../components/FaqList';
import { HighlightGrid } from '../components/HighlightGrid';
import { PageIntro } from '../components/PageIntro';
import { StepList } from '../components/StepList';
import { DeviceChecks } from './DeviceChecks';
import {
  biometricsIntro,
  checkNotAvailable,
  deviceChecks,
  deviceTestIntro,
  requirements,
  setupSteps,
  supportedDevice,
  troubleshooting,
} from './content';
import './devices.css';

/** /bioMetrics: which fingerprint device AEPS needs and how to set it up. */
export function BiometricsPage() {
  return (
    <>
      <PageIntro content={biometricsIntro}>
        <ButtonLink type="primary" size="large" to={AppPath.morphoDeviceTest}>
          Check your device
        </ButtonLink>
      </PageIntro>

      <ContentSection title="The device we support">
        <Card variant="outlined" className="device-supported">
          <Typography.Title level={3} className="content-card__title">
            {supportedDevice.name}
          </Typography.Title>
          <Typography.Paragraph className="content-card__body">
            {supportedDevice.body}
          </Typography.Paragraph>
        </Card>
      </ContentSection>

      <ContentSection title="What you need" tone="muted">
        <HighlightGrid items={requirements} />
      </ContentSection>

      <ContentSection title="Setting it up" intro="Once per computer, about 20 minutes.">
        <StepList steps={setupSteps} />
      </ContentSection>

      <ContentSection title="If something goes wrong" tone="muted">
        <FaqList faqs={troubleshooting} />
      </ContentSection>
    </>
  );
}

/** /morpho-device-test: what the test checks, said honestly while it cannot run. */
export function MorphoDeviceTestPage() {
  return (
    <>
      <PageIntro content={deviceTestIntro} />

      <div className="content-inner device-test__notice">
        <Alert
          type="warning"
          showIcon
          title={checkNotAvailable.title}
          description={checkNotAvailable.body}
        />
      </div>

      <ContentSection
        title="What the test checks"
        intro="Three things must be true before a fingerprint can be captured."
      >
        <DeviceChecks checks={deviceChecks} />
      </ContentSection>

      <ContentSection title="Set up your device" tone="muted">
        <StepList steps={setupSteps} />
      </ContentSection>

      <ContentSection title="If something goes wrong">
        <FaqList faqs={troubleshooting} />
        <div className="device-test__more">
          <ButtonLink to={AppPath.bioMetrics}>About fingerprint devices for AEPS</ButtonLink>
        </div>
      </ContentSection>
    </>
  );
}
