import { Link } from 'react-router-dom';
import { useSession } from '../../auth';
import { upgradePath } from '../upgrade-path';

/**
 * The spec's upsell: "available with {plan} plan and higher", Upgrade Now and Go Back. Upgrade
 * Now leads where the user can act on it (upgradePath): never to a registration page that only
 * says they already have a subscription.
 */
export function Upsell({ feature, plan = 'Business' }: { feature: string; plan?: 'Pro' | 'Business' }) {
  const { user } = useSession();
  return (
    <section className="cv-card ft-upsell" aria-labelledby="upsell-title">
      <h2 id="upsell-title">
        {feature} is available with {plan} plan and higher
      </h2>
      <p>Upgrade to unlock {feature.toLowerCase()} and more.</p>
      <div className="cv-row">
        <Link className="cv-btn cv-btn-primary" to={upgradePath(user)}>
          Upgrade Now
        </Link>
        <Link className="cv-btn" to="/dashboard">
          Go Back
        </Link>
      </div>
    </section>
  );
}

export function ComingSoon({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <section className="cv-card" aria-labelledby="soon-title">
      <h2 id="soon-title">{title} — coming soon</h2>
      <ul>
        {items.map((i) => (
          <li key={i}>{i}</li>
        ))}
      </ul>
    </section>
  );
}

export function FeatureShell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="cv-page">
      <Link to="/dashboard" className="cv-back">
        ← Dashboard
      </Link>
      <h1>{title}</h1>
      {children}
    </main>
  );
}
