// The routes straight from the contracts: the view page loads this, and lib/api/endpoints would
// bring every context's routes into the public /view bundle.
import { type ArtifactType, analyticsRoute } from '@core-vault/contracts';
import { api } from '../../lib/api/client';
import { analyticsSessionId, readConsent } from './consent-store';

type LoadedArtifact = { id: string; title: string; type: ArtifactType };

/** The referring page as an origin: a path or query string may name a person. */
function referrerOrigin(): string | undefined {
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

/** Runs `count` once the page is visible: a prerendered or background-opened page is no view yet. */
function whenVisible(count: () => void): void {
  if (document.visibilityState === 'visible') return count();
  const onChange = () => {
    if (document.visibilityState !== 'visible') return;
    document.removeEventListener('visibilitychange', onChange);
    count();
  };
  document.addEventListener('visibilitychange', onChange);
}

/**
 * Counts one view of a loaded artifact, exactly once, never demos; failures are ignored (spec
 * artifacts §7, §8). With the visitor's consent to Usage Analytics: `track-view` with the
 * anonymous session id kept in localStorage, as before. Without it (declined or not answered):
 * the cookie-less beacon, which writes nothing to the browser — the server counts the view and
 * tells visitors apart only by a hash that changes every day (docs/reference/analytics.md). Either call
 * carries the session's token when signed in, so an owner's own views count apart.
 * Passed to the view page as onArtifactLoaded.
 */
export function countView(info: LoadedArtifact): void {
  if (info.id.startsWith('demo-')) return;
  const embed = window.location.pathname.startsWith('/embed/');
  whenVisible(() => {
    const referrer = referrerOrigin();
    const call =
      readConsent() === true
        ? trackConsented(info.id, embed)
        : api.call(analyticsRoute.viewBeacon, {
            body: { artifactId: info.id, embed, ...(referrer ? { referrer } : {}) },
          });
    call.catch(() => undefined);
  });
}

function trackConsented(artifactId: string, embed: boolean): Promise<unknown> {
  const sessionId = analyticsSessionId();
  return api.call(analyticsRoute.trackView, {
    body: {
      id: crypto.randomUUID(),
      artifactId,
      viewedAt: new Date().toISOString(),
      userAgent: navigator.userAgent.slice(0, 512),
      type: 'VIEW',
      ...(sessionId ? { sessionId } : {}),
      ...(document.referrer ? { referrer: document.referrer.slice(0, 2048) } : {}),
      embed,
    },
  });
}
