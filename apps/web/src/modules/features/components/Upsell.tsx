import { Link } from 'react-router-dom';

/** The spec's upsell: "available with Business plan and higher", Upgrade Now and Go Back. */
export function Upsell({ feature }: { feature: string }) {
  return (
    <section className="cv-card ft-upsell" aria-labelledby="upsell-title">
      <h2 id="upsell-title">{feature} is available with Business plan and higher</h2>
      <p>Upgrade to unlock {feature.toLowerCase()} and more for your team.</p>
      <div className="cv-row">
        <Link className="cv-btn cv-btn-primary" to="/register">
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
