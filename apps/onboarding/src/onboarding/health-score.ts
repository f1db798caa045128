import { type HealthBand, MILESTONES, type Milestone, healthBand } from '@core-vault/contracts';

/** Points per milestone: 70 in all. */
export const MILESTONE_POINTS: Readonly<Record<Milestone, number>> = {
  first_upload: 25,
  first_share: 15,
  extension_installed: 10,
  profile_customized: 10,
  analytics_viewed: 10,
};
/** Recent activity: 5 points per distinct active UTC day in the last 14 days, at most 30. */
export const ACTIVITY_WINDOW_DAYS = 14;
export const POINTS_PER_ACTIVE_DAY = 5;
export const MAX_ACTIVITY_POINTS = 30;

export interface ScoreInput {
  milestones: Partial<Record<Milestone, Date | null>>;
  activity: readonly Date[];
}

/** Health score 0–100 = milestone points + recent-activity points (docs/reference/onboarding.md). */
export function healthScore(input: ScoreInput, now: Date): { score: number; band: HealthBand } {
  const milestonePoints = MILESTONES.reduce((n, m) => n + (input.milestones[m] ? MILESTONE_POINTS[m] : 0), 0);
  const since = now.getTime() - ACTIVITY_WINDOW_DAYS * 86_400_000;
  const activeDays = new Set(
    input.activity.filter((at) => at.getTime() > since).map((at) => at.toISOString().slice(0, 10)),
  ).size;
  const score = Math.min(
    100,
    milestonePoints + Math.min(MAX_ACTIVITY_POINTS, activeDays * POINTS_PER_ACTIVE_DAY),
  );
  return { score, band: healthBand(score) };
}
