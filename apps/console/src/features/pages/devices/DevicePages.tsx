import { Card, Typography } from 'antd';
import { AppPath } from '../../../app/paths';
import { ButtonLink } from '../../../ui/ButtonLink';
import { ContentSection } from '../components/ContentSection';
import { FaqList } from '../components/FaqList';
import { HighlightGrid } from '../components/HighlightGrid';
import { PageIntro } from '../components/PageIntro';
import { StepList } from '../components/StepList';
import { DeviceChecks } from './DeviceChecks';
import { DeviceCaptureTest, DeviceFinder } from './RdCheck';
import {
  biometricsIntro,
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

      <ContentSection
        title="Find my device"
        intro="Looks for the RD service on this computer and shows the scanner it reports."
      >
        <DeviceFinder />
      </ContentSection>

      <ContentSection title="The device we support" tone="muted">
        <Card variant="outlined" className="device-supported">
          <Typography.Title level={3} className="content-card__title">
            {supportedDevice.name}
          </Typography.Title>
          <Typography.Paragraph className="content-card__body">
            {supportedDevice.body}
          </Typography.Paragraph>
        </Card>
      </ContentSection>

      <ContentSection title="What you need">
        <HighlightGrid items={requirements} />
      </ContentSection>

      <ContentSection
        title="Setting it up"
        intro="Once per computer, about 20 minutes."
        tone="muted"
      >
        <StepList steps={setupSteps} />
      </ContentSection>

      <ContentSection title="If something goes wrong">
        <FaqList faqs={troubleshooting} />
      </ContentSection>
    </>
  );
}

/** /morpho-device-test: one capture against the RD service on this computer, nothing sent. */
export function MorphoDeviceTestPage() {
  return (
    <>
      <PageIntro content={deviceTestIntro} />

      <div className="content-inner device-test__notice">
        <DeviceCaptureTest />
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
