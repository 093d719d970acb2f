import { Card, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppPath } from '../../../app/paths';
import { ButtonLink } from '../../../ui/ButtonLink';
import { COMPANY } from '../company/company-facts';
import { ContentSection } from '../components/ContentSection';
import { HighlightGrid } from '../components/HighlightGrid';
import { PageIntro } from '../components/PageIntro';
import { StepList } from '../components/StepList';
import type { Highlight, PageIntroContent } from '../content-types';
import { OPENING_IDS, type Opening } from './content';
import './careers.css';

/** /career (navbar) and /careers (footer): one page. */
export function CareersPage() {
  const { t } = useTranslation('pages');
  const intro = t('careers.intro', { returnObjects: true }) as PageIntroContent;
  const reasons = t('careers.reasons', { returnObjects: true }) as Highlight[];
  const roles = t('careers.openings', { returnObjects: true }) as Omit<Opening, 'id'>[];
  const openings: Opening[] = OPENING_IDS.map((id, index) => ({ id, ...roles[index] }));
  const applySteps = t('careers.applySteps', { returnObjects: true }) as Highlight[];
  return (
    <>
      <PageIntro content={intro}>
        <ButtonLink type="primary" size="large" to={AppPath.aboutUs}>
          {t('careers.aboutKhata')}
        </ButtonLink>
      </PageIntro>

      <ContentSection title={t('careers.whyTitle')}>
        <HighlightGrid items={reasons} />
      </ContentSection>

      <ContentSection
        title={t('careers.openTitle')}
        intro={t('careers.openIntro', { count: openings.length })}
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
        title={t('careers.applyTitle')}
        intro={t('careers.applyIntro', { email: COMPANY.careersEmail })}
      >
        <StepList steps={applySteps} />
        <Typography.Paragraph className="careers-equal">
          {t('careers.equalOpportunity')}
        </Typography.Paragraph>
      </ContentSection>
    </>
  );
}

function OpeningCard({ opening }: { opening: Opening }) {
  const { t } = useTranslation('pages');
  const subject = encodeURIComponent(t('careers.mailSubject', { role: opening.title }));
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
        <summary>{t('careers.details')}</summary>
        <h4>{t('careers.whatYouDo')}</h4>
        <ul>
          {opening.responsibilities.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <h4>{t('careers.whatWeLookFor')}</h4>
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
        {t('careers.apply')}
      </a>
    </Card>
  );
}
