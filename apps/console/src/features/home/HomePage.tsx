import { AppPath } from '../../app/paths';
import { LinkButton } from '../../ui/button/LinkButton';
import { audiences, safeguards, services, type Highlight } from './content';
import './home.css';

/*
 * Plain elements, no antd: the home page is most visitors' first load, and antd's runtime
 * alone weighed more than the whole page (docs/performance.md, "Console first load").
 */

export function HomePage() {
  return (
    <>
      <section className="home-hero" aria-labelledby="home-title">
        <div className="home-section__inner home-hero__inner">
          <div className="home-hero__text">
            <p className="home-hero__eyebrow">For retailers, distributors and their networks</p>
            <h1 id="home-title" className="home-hero__title">
              Payments for India&apos;s retailers and distributors
            </h1>
            <p className="home-hero__lead">
              Khata gives your shop a wallet, bank payouts by IMPS, NEFT and RTGS, wallet-to-wallet
              transfers, AEPS settlement and utility bill payments — with every rupee on a ledger
              you can check.
            </p>
            <div className="home-hero__actions">
              <LinkButton variant="primary" size="large" to={AppPath.signup}>
                Open an account
              </LinkButton>
              <LinkButton size="large" to={AppPath.login}>
                Login
              </LinkButton>
            </div>
            <ul className="home-hero__rails" aria-label="Payment modes">
              <li>IMPS</li>
              <li>NEFT</li>
              <li>RTGS</li>
              <li>AEPS</li>
            </ul>
          </div>
          <SampleReceipt />
        </div>
      </section>

      <HighlightSection
        id="services"
        title="Everything your counter needs"
        intro="One account for the payments your customers ask for every day."
        items={services}
      />

      <HighlightSection
        id="network"
        tone="muted"
        title="Built for your whole network"
        intro="Retailers serve customers; distributors grow and fund the retailers below them."
        items={audiences}
      />

      <HighlightSection
        id="safety"
        title="Safe by design"
        intro="Your money and your customers' money deserve more than a password."
        items={safeguards}
      />

      <section className="home-cta" aria-labelledby="home-cta-title">
        <div className="home-section__inner">
          <h2 id="home-cta-title" className="home-cta__title">
            Start with Khata today
          </h2>
          <p className="home-cta__body">
            Sign up with your mobile number and business details. Our team activates your account
            once your KYC is verified.
          </p>
          <LinkButton variant="primary" size="large" to={AppPath.signup}>
            Sign Up
          </LinkButton>
        </div>
      </section>
    </>
  );
}

/** A decorative payout receipt beside the hero text on wide screens. */
function SampleReceipt() {
  return (
    <figure className="home-receipt" aria-hidden="true">
      <div className="home-receipt__header">
        <span>Payout receipt</span>
        <span className="home-receipt__status">Processed</span>
      </div>
      <p className="home-receipt__amount">₹12,500.00</p>
      <dl className="home-receipt__details">
        <div>
          <dt>Beneficiary</dt>
          <dd>Sharma Kirana Store</dd>
        </div>
        <div>
          <dt>Account</dt>
          <dd>XXXXXX4821 · SBIN0001234</dd>
        </div>
        <div>
          <dt>Mode</dt>
          <dd>IMPS</dd>
        </div>
        <div>
          <dt>Wallet balance after</dt>
          <dd>₹1,04,236.50</dd>
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
