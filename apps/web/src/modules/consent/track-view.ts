// The route straight from the contracts: the view page loads this, and lib/api/endpoints would
// bring every context's routes into the public /view bundle.
import { type ArtifactType, analyticsRoute } from '@core-vault/contracts';
import { api } from '../../lib/api/client';
import { analyticsSessionId, readConsent } from './consent-store';

/**
 * Reports one view of a loaded artifact — only with consent, only VIEW events, never demos;
 * failures are ignored (spec artifacts §7, §8). Passed to the view page as onArtifactLoaded.
 */
export function trackConsentedView(info: { id: string; title: string; type: ArtifactType }): void {
  if (readConsent() !== true || info.id.startsWith('demo-')) return;
  const sessionId = analyticsSessionId();
  const embed = window.location.pathname.startsWith('/embed/');
  api
    .call(analyticsRoute.trackView, {
      body: {
        id: crypto.randomUUID(),
        artifactId: info.id,
        viewedAt: new Date().toISOString(),
        userAgent: navigator.userAgent.slice(0, 512),
        type: 'VIEW',
        ...(sessionId ? { sessionId } : {}),
        ...(document.referrer ? { referrer: document.referrer.slice(0, 2048) } : {}),
        embed,
      },
    })
    .catch(() => undefined);
}
