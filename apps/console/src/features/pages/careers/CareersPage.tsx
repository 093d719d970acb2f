import { Card, Tag, Typography } from 'antd';
import { AppPath } from '../../../app/paths';
import { ButtonLink } from '../../../ui/ButtonLink';
import { COMPANY } from '../company/company-facts';
import { ContentSection } from '../components/ContentSection';
import { HighlightGrid } from '../components/HighlightGrid';
import { PageIntro } from '../components/PageIntro';
import { StepList } from '../components/StepList';
import {
  applySteps,
  careersIntro,
  equalOpportunity,
  openings,
  reasons,
  type Opening,
} from './content';
import './careers.css';
import { plural } from '@khata/domain';

/** /career (navbar) and /careers (footer): one page. */
export function CareersPage() {
  return (
    <>
      <PageIntro content={careersIntro}>
        <ButtonLink type="primary" size="large" to={AppPath.aboutUs}>
          About Khata
        </ButtonLink>
      </PageIntro>

      <ContentSection title="Why work with us">
        <HighlightGrid items={reasons} />
      </ContentSection>

      <ContentSection
        title="Open positions"
        intro={`${plural(openings.length, 'role is', 'roles are')} open right now.`}
        tone="muted"
      >
        <ul className="careers-openings">
          {openings.map((opening) => (
            <li key={opening.id}>
              <OpeningCard opening={opening} />
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection
        title="How to apply"
        intro={`Email ${COMPANY.careersEmail}. Every application gets a reply.`}
      >
        <StepList steps={applySteps} />
        <Typography.Paragraph className="careers-equal">{equalOpportunity}</Typography.Paragraph>
      </ContentSection>
    </>
  );
}

function OpeningCard({ opening }: { opening: Opening }) {
  const subject = encodeURIComponent(`Application: ${opening.title}`);
  return (
    <Card variant="outlined" className="careers-opening">
      <Typography.Title level={3} className="careers-opening__title">
        {opening.title}
      </Typography.Title>
      <div className="careers-opening__tags">
        <Tag>{opening.team}</Tag>
        <Tag>{opening.location}</Tag>
        <Tag>{opening.type}</Tag>
      </div>
      <Typography.Paragraph className="careers-opening__summary">
        {opening.summary}
      </Typography.Paragraph>
      <details className="careers-opening__details">
        <summary>Responsibilities and requirements</summary>
        <h4>What you will do</h4>
        <ul>
          {opening.responsibilities.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <h4>What we look for</h4>
        <ul>
          {opening.requirements.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </details>
      <a
        className="careers-opening__apply"
        href={`mailto:${COMPANY.careersEmail}?subject=${subject}`}
      >
        Apply for this role
      </a>
    </Card>
  );
}
