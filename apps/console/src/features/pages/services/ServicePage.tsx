import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { ButtonLink } from '../../../ui/ButtonLink';
import { ContentSection } from '../components/ContentSection';
import { FaqList } from '../components/FaqList';
import { HighlightGrid } from '../components/HighlightGrid';
import { PageIntro } from '../components/PageIntro';
import { StepList } from '../components/StepList';
import type { ServicePageContent } from './service-page-content';

/**
 * The layout every service page shares: what we offer, how it works, questions, next step;
 * `extra` (a live section of the page, such as prices) comes after the offer.
 */
export function ServicePage({
  content,
  extra,
}: {
  content: ServicePageContent;
  extra?: ReactNode;
}) {
  const { intro, actions, offer, steps, faqs, closing } = content;
  return (
    <>
      <PageIntro content={intro}>
        {actions.map((action) => (
          <ButtonLink
            key={action.to}
            size="large"
            type={action.primary ? 'primary' : 'default'}
            to={action.to}
          >
            {action.label}
          </ButtonLink>
        ))}
      </PageIntro>

      <ContentSection title={offer.title} intro={offer.intro}>
        <HighlightGrid items={offer.items} />
      </ContentSection>

      {extra}

      <ContentSection title={steps.title} intro={steps.intro} tone="muted">
        <StepList steps={steps.items} />
      </ContentSection>

      <ContentSection title={faqs.title}>
        <FaqList faqs={faqs.items} />
      </ContentSection>

      <ContentSection title={closing.title}>
        <Typography.Paragraph className="content-section__intro">
          {closing.body}
        </Typography.Paragraph>
        <ButtonLink type="primary" size="large" to={closing.action.to}>
          {closing.action.label}
        </ButtonLink>
      </ContentSection>
    </>
  );
}
