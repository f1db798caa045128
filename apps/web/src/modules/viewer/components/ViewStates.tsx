import { Link } from 'react-router-dom';
import { VIEW_MESSAGES as M } from '../messages';

const box = {
  maxWidth: 560,
  margin: '64px auto',
  padding: 24,
  textAlign: 'center' as const,
  fontFamily: 'system-ui, sans-serif',
};

export function InvalidArtifact() {
  return (
    <main style={box}>
      <h1>{M.invalidTitle}</h1>
      <p>{M.invalidText}</p>
      <Link to="/dashboard">{M.goToDashboard}</Link>
    </main>
  );
}

export function LoadingArtifact() {
  return (
    <main style={box}>
      <div role="status" aria-label="Loading artifact" className="cv-spinner">
        <span aria-hidden="true">⏳</span> Loading…
      </div>
    </main>
  );
}

export function ArtifactError({ message }: { message: string }) {
  return (
    <main style={box}>
      <div aria-hidden="true" style={{ fontSize: 40 }}>
        ⚠️
      </div>
      <h1>{message}</h1>
      <p>{M.errorText}</p>
      <Link to="/dashboard">{M.goToDashboard}</Link>
    </main>
  );
}

export function ArtifactNotFound() {
  return (
    <main style={box}>
      <h1>{M.notFoundTitle}</h1>
      <p>{M.notFoundText}</p>
      <Link to="/dashboard">{M.goToDashboard}</Link>
    </main>
  );
}
