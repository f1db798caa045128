import { type HealthBand, type Milestone } from '@core-vault/contracts';

/**
 * Where each milestone is done, so every line of the checklist leads somewhere: a route, or the
 * artifact list on the dashboard itself (sharing is Copy Link / Embed Code on a card). The
 * extension has no store listing yet; its description is the landing page's features section.
 */
export type MilestoneStep =
  { kind: 'link'; to: string; action: string } | { kind: 'artifacts'; action: string; hint: string };

export const MILESTONE_STEPS: Readonly<Record<Milestone, MilestoneStep>> = {
  first_upload: { kind: 'link', to: '/upload', action: 'Upload an artifact' },
  first_share: {
    kind: 'artifacts',
    action: 'Go to my artifacts',
    hint: 'Use Copy Link or Embed Code on an artifact card.',
  },
  extension_installed: { kind: 'link', to: '/#features', action: 'Get the browser extension' },
  profile_customized: { kind: 'link', to: '/account', action: 'Open account settings' },
  analytics_viewed: { kind: 'link', to: '/analytics', action: 'Open analytics' },
};

/** The band as admins read it next to the score. */
export const BAND_LABELS: Readonly<Record<HealthBand, string>> = {
  at_risk: 'at risk',
  moderate: 'moderate',
  on_track: 'on track',
  healthy: 'healthy',
};
