import { Link } from 'react-router-dom';
import { COMPANY_SITE, SUPPORT_EMAIL } from '../../../lib/company';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';

/** Link targets the spec references without content: a pointer to the company's own pages. */
function LegalPage({ title, path, external }: { title: string; path: string; external: string }) {
  useDocumentMeta({ title, path });
  return (
    <main className="cv-page">
      <Link to="/" className="cv-back">
        ← Back to home
      </Link>
      <h1>{title}</h1>
      <p>
        The current {title.toLowerCase()} is published at{' '}
        <a href={external} rel="noopener noreferrer" target="_blank">
          {external}
        </a>
        . Questions: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </main>
  );
}

export function TermsPage() {
  return <LegalPage title="Terms of Service" path="/tos" external={`${COMPANY_SITE}/terms`} />;
}

export function PrivacyPage() {
  return <LegalPage title="Privacy Policy" path="/privacy" external={`${COMPANY_SITE}/privacy`} />;
}
