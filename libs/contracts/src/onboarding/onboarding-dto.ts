import { z } from 'zod';

/** The five onboarding milestones (spec accounts §3), in the order the tour presents them. */
export const MILESTONES = [
  'first_upload',
  'first_share',
  'extension_installed',
  'profile_customized',
  'analytics_viewed',
] as const;
export type Milestone = (typeof MILESTONES)[number];

export const MILESTONE_LABELS: Readonly<Record<Milestone, string>> = {
  first_upload: 'First artifact upload',
  first_share: 'First share',
  extension_installed: 'Install browser extension',
  profile_customized: 'Customize profile settings',
  analytics_viewed: 'View analytics dashboard',
};

/** Milestones only the SPA can observe; it reports them with POST /onboarding/milestones/:milestone. */
export const REPORTED_MILESTONES = ['extension_installed', 'profile_customized', 'analytics_viewed'] as const;
export type ReportedMilestone = (typeof REPORTED_MILESTONES)[number];

/** Check-in days of the trial (spec accounts §9) and the reminder before the trial ends. */
export const CHECK_IN_DAYS = [7, 30, 60] as const;
export const TRIAL_REMINDER_DAYS_BEFORE_END = 3;
export const CHECK_IN_STEPS = ['day-7', 'day-30', 'day-60', 'trial-ending'] as const;
export type CheckInStep = (typeof CHECK_IN_STEPS)[number];

/** Health score thresholds (spec accounts §9): at risk 30, moderate 60, healthy 80. */
export const HEALTH_THRESHOLDS = { atRisk: 30, moderate: 60, healthy: 80 } as const;
export const HEALTH_BANDS = ['at_risk', 'moderate', 'on_track', 'healthy'] as const;
export type HealthBand = (typeof HEALTH_BANDS)[number];

/** < 30 at risk; 30–59 moderate; 60–79 on track; ≥ 80 healthy. */
export function healthBand(score: number): HealthBand {
  if (score < HEALTH_THRESHOLDS.atRisk) return 'at_risk';
  if (score < HEALTH_THRESHOLDS.moderate) return 'moderate';
  if (score < HEALTH_THRESHOLDS.healthy) return 'on_track';
  return 'healthy';
}

export const milestoneStateSchema = z.object({
  key: z.enum(MILESTONES),
  label: z.string(),
  reachedAt: z.string().nullable(),
});
export const onboardingProgressSchema = z.object({
  milestones: z.array(milestoneStateSchema),
  completed: z.number().int(),
  healthScore: z.number().int().min(0).max(100),
  band: z.enum(HEALTH_BANDS),
  /** The user hid the dashboard checklist (kept per user on the server: every device agrees). */
  dismissed: z.boolean(),
  /**
   * The user finished or skipped the dashboard tour, on any device (#36.2): it does not open by
   * itself again. Absent from services older than the field: not done.
   */
  tourDone: z.boolean().default(false),
});
export type OnboardingProgress = z.infer<typeof onboardingProgressSchema>;
export const reportMilestoneParamsSchema = z.strictObject({
  milestone: z.enum(REPORTED_MILESTONES, {
    error: `milestone must be one of ${REPORTED_MILESTONES.join(', ')}`,
  }),
});

export const checklistBodySchema = z.strictObject({
  dismissed: z.boolean(),
});
export type ChecklistBody = z.infer<typeof checklistBodySchema>;

export const tourBodySchema = z.strictObject({
  done: z.boolean(),
});
export type TourBody = z.infer<typeof tourBodySchema>;

export const queueJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.string(),
  step: z.string().optional(),
  runAt: z.string().nullable(),
  attempts: z.number().int(),
  failedReason: z.string().optional(),
});
export const queueOverviewSchema = z.object({
  queue: z.string(),
  counts: z.record(z.string(), z.number().int()),
  jobs: z.array(queueJobSchema),
});
export type QueueOverview = z.infer<typeof queueOverviewSchema>;
