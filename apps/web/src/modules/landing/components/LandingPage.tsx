import { Link, useLocation } from 'react-router-dom';
import { CONTACT_SALES_PLANS, PLANS, TRIAL_DAYS } from '@core-vault/contracts';
import { COMPANY_LINKS, SALES_EMAIL, SUPPORT_EMAIL } from '../../../lib/company';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { ACCOUNT_DELETED_NOTICE } from '../../account';
import { LANDING_DEMOS } from '../demo-cards';
import { Banner } from '../../../components/ui';
import './landing.css';

const FEATURES = [
  [
    'One-click capture',
    'A browser extension for Chrome, Firefox and Edge saves artifacts as you create them.',
  ],
  ['Instant share links', 'Every public artifact gets a link and an embed code you can paste anywhere.'],
  ['Unlimited storage', 'Keep every artifact with its full version history.'],
  ['Analytics', 'See how often your shared artifacts are viewed.'],
  ['Live previews', 'HTML, React, Markdown, SVG and TypeScript render safely in a sandbox.'],
  ['Fast delivery', 'Shared artifacts load quickly from a cached, separate origin.'],
] as const;

const STEPS = [
  ['Upload or paste', 'Drop a file, paste the code, or send it from the extension.'],
  ['Organise', 'Add a title, description and tags, and group artifacts into collections.'],
  ['Share', 'Make it public and share the link or embed it.'],
  ['Track views', 'Watch the views of what you shared.'],
] as const;

const pro = PLANS.filter((p) => p.planType === 'Pro');
const business = PLANS.filter((p) => p.planType === 'Business');

export function LandingPage() {
  useDocumentMeta({ title: 'Core Vault — Intelligence, captured', path: '/' });
  // Left by the account screen after a deletion: the one place a signed-out visitor lands.
  const notice = (useLocation().state as Record<string, unknown> | null)?.[ACCOUNT_DELETED_NOTICE];
  const learnMore = () => document.getElementById('features')?.scrollIntoView({ behavior: 'smooth' });

  return (
    <div className="lp">
      <header className="cv-topbar">
        <div className="cv-topbar-inner">
          <Link to="/" className="cv-brand">
            Core Vault
          </Link>
          <nav aria-label="Account" className="cv-row">
            <Link className="cv-btn" to="/login">
              Sign In
            </Link>
            <Link className="cv-btn cv-btn-primary" to="/register">
              Start Free Trial
            </Link>
          </nav>
        </div>
      </header>

      <main>
        {typeof notice === 'string' && (
          <div className="cv-page">
            <Banner tone="success">{notice}</Banner>
          </div>
        )}
        <section className="lp-hero">
          <div className="cv-page">
            <h1>Intelligence, captured</h1>
            <p className="lp-lead">
              Keep, organise and share the artifacts your AI assistant produces — interactive pages,
              calculators and dashboards — with one click.
            </p>
            <div className="cv-row lp-hero-actions">
              <Link className="cv-btn cv-btn-primary" to="/register">
                Start Free Trial
              </Link>
              <button type="button" className="cv-btn" onClick={learnMore}>
                Learn More
              </button>
            </div>
          </div>
        </section>

        <section id="features" className="cv-page" aria-labelledby="features-title" tabIndex={-1}>
          <h2 id="features-title">Everything your artifacts need</h2>
          <ul className="lp-grid">
            {FEATURES.map(([title, text]) => (
              <li key={title} className="cv-card">
                <h3>{title}</h3>
                <p>{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="cv-page" aria-labelledby="how-title">
          <h2 id="how-title">How it works</h2>
          <ol className="lp-steps">
            {STEPS.map(([title, text], i) => (
              <li key={title} className="cv-card">
                <span className="lp-step-number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{title}</h3>
                <p>{text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="cv-page" aria-labelledby="demos-title">
          <h2 id="demos-title">Enterprise and government demos</h2>
          <ul className="lp-grid">
            {LANDING_DEMOS.map((demo) => (
              <li key={demo.id} className="cv-card lp-demo">
                <span className="cv-badge cv-tone-blue">{demo.category}</span>
                <h3>{demo.title}</h3>
                <p>{demo.text}</p>
                <Link to={`/view/${demo.id}`} aria-label={`Open demo: ${demo.title}`}>
                  Open demo →
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section id="pricing" className="cv-page" aria-labelledby="pricing-title" tabIndex={-1}>
          <h2 id="pricing-title">Pricing</h2>
          <div className="lp-pricing">
            <div className="cv-card lp-plan lp-plan-featured">
              <h3>Pro</h3>
              <p className="lp-price">
                {pro[0]?.priceLabel} <span className="cv-hint">or {pro[1]?.priceLabel} (Save $20)</span>
              </p>
              <p>
                <strong>{TRIAL_DAYS}-day free trial.</strong> Payment method required, cancel anytime.
              </p>
              <ul>
                {pro[0]?.highlights.map((h) => (
                  <li key={h}>{h}</li>
                ))}
              </ul>
              <Link className="cv-btn cv-btn-primary" to="/register">
                Start {TRIAL_DAYS}-Day Free Trial
              </Link>
            </div>
            <div className="cv-card lp-plan">
              <h3>
                Business <span className="cv-badge">COMING SOON</span>
              </h3>
              <p className="lp-price">{business[0]?.priceLabel}</p>
              <p>Teams up to 25 members.</p>
              <a className="cv-btn" href={`mailto:${SALES_EMAIL}?subject=Core%20Vault%20Business`}>
                Contact Sales
              </a>
            </div>
            {CONTACT_SALES_PLANS.map((plan) => (
              <div key={plan.id} className="cv-card lp-plan">
                <h3>
                  {plan.name} <span className="cv-badge">COMING SOON</span>
                </h3>
                <p>{plan.description}</p>
                <a className="cv-btn" href={`mailto:${SALES_EMAIL}?subject=Core%20Vault%20${plan.name}`}>
                  Contact Sales
                </a>
              </div>
            ))}
          </div>
        </section>
      </main>

      <footer className="lp-footer">
        <div className="cv-page cv-spread">
          <span>© {new Date().getFullYear()} Core Vault — Intelligence, captured</span>
          <nav aria-label="Company" className="cv-row">
            {COMPANY_LINKS.map((l) => (
              <a key={l.label} href={l.href} rel="noopener noreferrer" target="_blank">
                {l.label}
              </a>
            ))}
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </nav>
        </div>
      </footer>
    </div>
  );
}
