import { ViewPage } from '../modules/viewer';
import { trackConsentedView } from '../modules/consent/track-view';

/** The renderer's view page, with consented view tracking plugged into its load callback. */
export function ViewRoute() {
  return <ViewPage onArtifactLoaded={trackConsentedView} />;
}
