import { Link } from 'react-router-dom';

export function LandingPage() {
  return (
    <main>
      <header>
        <strong>Core Vault</strong>
        <nav aria-label="Account">
          <Link to="/login">Sign In</Link> <Link to="/register">Start Free Trial</Link>
        </nav>
      </header>
      <h1>Intelligence, captured</h1>
      <p>Keep, organise and share the artifacts your AI assistant produces.</p>
    </main>
  );
}
