import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../ui/ButtonLink';
import { AppPath } from '../../../app/paths';
import { ContentSection } from '../components/ContentSection';
import { HighlightGrid } from '../components/HighlightGrid';
import { PageIntro } from '../components/PageIntro';
import type { Highlight, PageIntroContent } from '../content-types';
import { COMPANY } from './company-facts';

export function AboutUsPage() {
  const { t } = useTranslation('pages');
  const intro = t('about.intro', { returnObjects: true }) as PageIntroContent;
  const story = t('about.story', { returnObjects: true }) as string[];
  const values = t('about.values', { returnObjects: true }) as Highlight[];
  const audiences = t('about.audiences', { returnObjects: true }) as Highlight[];
  return (
    <>
      <PageIntro content={intro}>
        <ButtonLink type="primary" size="large" to={AppPath.ourServices}>
          {t('about.seeServices')}
        </ButtonLink>
        <ButtonLink size="large" to={AppPath.career}>
          {t('about.workWithUs')}
        </ButtonLink>
      </PageIntro>

      <ContentSection title={t('about.storyTitle')}>
        <div className="content-prose">
          {story.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </div>
      </ContentSection>

      <ContentSection title={t('about.valuesTitle')} tone="muted">
        <HighlightGrid items={values} />
      </ContentSection>

      <ContentSection title={t('about.audiencesTitle')}>
        <HighlightGrid items={audiences} />
      </ContentSection>

      <ContentSection title={t('about.companyTitle')} tone="muted">
        <dl className="content-facts">
          <div>
            <dt>{t('about.facts.registeredName')}</dt>
            <dd>{t('about.facts.registeredNameValue', { name: COMPANY.legalName })}</dd>
          </div>
          <div>
            <dt>{t('about.facts.registeredOffice')}</dt>
            <dd>{COMPANY.registeredOffice.slice(1).join(', ')}</dd>
          </div>
          <div>
            <dt>{t('about.facts.businessEnquiries')}</dt>
            <dd>
              <a href={`mailto:${COMPANY.businessEmail}`}>{COMPANY.businessEmail}</a>
            </dd>
          </div>
        </dl>
      </ContentSection>
    </>
  );
}
