import { Link } from 'react-router-dom';
import { VIEW_MESSAGES as M } from '../messages';
import { ViewShell } from './ViewLayout';

export { ViewSkeleton as LoadingArtifact } from './ViewLayout';

export function InvalidArtifact() {
  return (
    <ViewShell>
      <main className="cv-view-state">
        <h1>{M.invalidTitle}</h1>
        <p>{M.invalidText}</p>
        <Link to="/dashboard">{M.goToDashboard}</Link>
      </main>
    </ViewShell>
  );
}

export function ArtifactError({ message }: { message: string }) {
  return (
    <ViewShell>
      <main className="cv-view-state">
        <div aria-hidden="true" style={{ fontSize: 40 }}>
          ⚠️
        </div>
        <h1>{message}</h1>
        <p>{M.errorText}</p>
        <Link to="/dashboard">{M.goToDashboard}</Link>
      </main>
    </ViewShell>
  );
}

export function ArtifactNotFound() {
  return (
    <ViewShell>
      <main className="cv-view-state">
        <h1>{M.notFoundTitle}</h1>
        <p>{M.notFoundText}</p>
        <Link to="/dashboard">{M.goToDashboard}</Link>
      </main>
    </ViewShell>
  );
}
