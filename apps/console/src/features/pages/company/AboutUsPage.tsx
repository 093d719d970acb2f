import { ButtonLink } from '../../../ui/ButtonLink';
import { AppPath } from '../../../app/paths';
import { ContentSection } from '../components/ContentSection';
import { HighlightGrid } from '../components/HighlightGrid';
import { PageIntro } from '../components/PageIntro';
import { COMPANY } from './company-facts';
import { aboutIntro, audiences, story, values } from './content';

export function AboutUsPage() {
  return (
    <>
      <PageIntro content={aboutIntro}>
        <ButtonLink type="primary" size="large" to={AppPath.ourServices}>
          See our services
        </ButtonLink>
        <ButtonLink size="large" to={AppPath.career}>
          Work with us
        </ButtonLink>
      </PageIntro>

      <ContentSection title="Our story">
        <div className="content-prose">
          {story.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </div>
      </ContentSection>

      <ContentSection title="What we stand for" tone="muted">
        <HighlightGrid items={values} />
      </ContentSection>

      <ContentSection title="Who we serve">
        <HighlightGrid items={audiences} />
      </ContentSection>

      <ContentSection title="The company" tone="muted">
        <dl className="content-facts">
          <div>
            <dt>Registered name</dt>
            <dd>{COMPANY.legalName}, a private limited company incorporated in India</dd>
          </div>
          <div>
            <dt>Registered office</dt>
            <dd>{COMPANY.registeredOffice.slice(1).join(', ')}</dd>
          </div>
          <div>
            <dt>Business enquiries</dt>
            <dd>
              <a href={`mailto:${COMPANY.businessEmail}`}>{COMPANY.businessEmail}</a>
            </dd>
          </div>
        </dl>
      </ContentSection>
    </>
  );
}
