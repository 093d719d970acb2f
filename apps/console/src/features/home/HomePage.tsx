import { useTranslation } from 'react-i18next';
import { AppPath } from '../../app/paths';
import { formatMoney } from '../../i18n/format';
import { LinkButton } from '../../ui/button/LinkButton';
import './home.css';

/** A card of the home page: a title and a line or two under it. */
interface Highlight {
  title: string;
  body: string;
}

/*
 * Plain elements, no antd: the home page is most visitors' first load, and antd's runtime
 * alone weighed more than the whole page (docs/performance.md, "Console first load").
 */

export function HomePage() {
  const { t } = useTranslation('public');
  // The cards' texts are lists in the texts file, so a language may word each card its own way.
  const services = t('home.services.items', { returnObjects: true }) as Highlight[];
  const audiences = t('home.network.items', { returnObjects: true }) as Highlight[];
  const safeguards = t('home.safety.items', { returnObjects: true }) as Highlight[];
  return (
    <>
      <section className="home-hero" aria-labelledby="home-title">
        <div className="home-section__inner home-hero__inner">
          <div className="home-hero__text">
            <p className="home-hero__eyebrow">{t('home.hero.eyebrow')}</p>
            <h1 id="home-title" className="home-hero__title">
              {t('home.hero.title')}
            </h1>
            <p className="home-hero__lead">{t('home.hero.lead')}</p>
            <div className="home-hero__actions">
              <LinkButton variant="primary" size="large" to={AppPath.signup}>
                {t('home.hero.openAccount')}
              </LinkButton>
              <LinkButton size="large" to={AppPath.login}>
                {t('home.hero.login')}
              </LinkButton>
            </div>
            <ul className="home-hero__rails" aria-label={t('home.hero.paymentModes')}>
              {RAILS.map((rail) => (
                <li key={rail}>{rail}</li>
              ))}
            </ul>
          </div>
          <SampleReceipt />
        </div>
      </section>

      <HighlightSection
        id="services"
        title={t('home.services.title')}
        intro={t('home.services.intro')}
        items={services}
      />

      <HighlightSection
        id="network"
        tone="muted"
        title={t('home.network.title')}
        intro={t('home.network.intro')}
        items={audiences}
      />

      <HighlightSection
        id="safety"
        title={t('home.safety.title')}
        intro={t('home.safety.intro')}
        items={safeguards}
      />

      <section className="home-cta" aria-labelledby="home-cta-title">
        <div className="home-section__inner">
          <h2 id="home-cta-title" className="home-cta__title">
            {t('home.cta.title')}
          </h2>
          <p className="home-cta__body">{t('home.cta.body')}</p>
          <LinkButton variant="primary" size="large" to={AppPath.signup}>
            {t('home.cta.signup')}
          </LinkButton>
        </div>
      </section>
    </>
  );
}

/** The payment rails the hero names: their own names in every language. */
const RAILS = ['IMPS', 'NEFT', 'RTGS', 'AEPS'] as const;

/** The sample receipt's figures (amounts in paise). */
const SAMPLE = {
  amount: 12_500_00,
  account: 'XXXXXX4821 · SBIN0001234',
  mode: 'IMPS',
  balanceAfter: 1_04_236_50,
} as const;

/** A decorative payout receipt beside the hero text on wide screens. */
function SampleReceipt() {
  const { t } = useTranslation('public');
  return (
    <figure className="home-receipt" aria-hidden="true">
      <div className="home-receipt__header">
        <span>{t('home.receipt.title')}</span>
        <span className="home-receipt__status">{t('home.receipt.status')}</span>
      </div>
      <p className="home-receipt__amount">{formatMoney(SAMPLE.amount)}</p>
      <dl className="home-receipt__details">
        <div>
          <dt>{t('home.receipt.beneficiary')}</dt>
          <dd>{t('home.receipt.beneficiaryName')}</dd>
        </div>
        <div>
          <dt>{t('home.receipt.account')}</dt>
          <dd>{SAMPLE.account}</dd>
        </div>
        <div>
          <dt>{t('home.receipt.mode')}</dt>
          <dd>{SAMPLE.mode}</dd>
        </div>
        <div>
          <dt>{t('home.receipt.balanceAfter')}</dt>
          <dd>{formatMoney(SAMPLE.balanceAfter)}</dd>
        </div>
      </dl>
    </figure>
  );
}

interface HighlightSectionProps {
  id: string;
  title: string;
  intro: string;
  items: Highlight[];
  tone?: 'plain' | 'muted';
}

function HighlightSection({ id, title, intro, items, tone = 'plain' }: HighlightSectionProps) {
  const titleId = `home-${id}-title`;
  return (
    <section className={`home-section home-section--${tone}`} aria-labelledby={titleId}>
      <div className="home-section__inner">
        <h2 id={titleId} className="home-section__title">
          {title}
        </h2>
        <p className="home-section__intro">{intro}</p>
        <ul className="home-grid">
          {items.map((item) => (
            <li key={item.title}>
              <article className="home-card">
                <h3 className="home-card__title">{item.title}</h3>
                <p className="home-card__body">{item.body}</p>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
