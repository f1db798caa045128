import { z } from 'zod';
import { type ApiRoute, defineRoute } from '../http/route';
import * as d from './onboarding-dto';

const tag = 'onboarding';
const base = '/api/v1/onboarding';

export const onboardingRoute = {
  progress: defineRoute({
    id: 'onboardingProgress',
    method: 'GET',
    path: `${base}/milestones`,
    summary: "The caller's onboarding milestones and health score",
    tag,
    access: 'user',
    response: d.onboardingProgressSchema,
  }),
  report: defineRoute({
    id: 'reportMilestone',
    method: 'POST',
    path: `${base}/milestones/:milestone`,
    summary:
      'Record a milestone only the SPA observes (extension hand-off, profile settings, analytics screen)',
    tag,
    access: 'user',
    params: d.reportMilestoneParamsSchema,
    body: z.strictObject({}).optional(),
    response: d.onboardingProgressSchema,
    errors: { 400: 'Unknown milestone' },
  }),
  checklist: defineRoute({
    id: 'updateChecklist',
    method: 'PUT',
    path: `${base}/checklist`,
    summary: "Hide (or show again) the caller's onboarding checklist on the dashboard",
    tag,
    access: 'user',
    body: d.checklistBodySchema,
    response: d.onboardingProgressSchema,
    errors: { 400: 'Invalid input, with a message naming the field' },
  }),
  tour: defineRoute({
    id: 'updateTour',
    method: 'PUT',
    path: `${base}/tour`,
    summary:
      'Remember that the caller finished or skipped the dashboard tour (or forget it), on every device',
    tag,
    access: 'user',
    body: d.tourBodySchema,
    response: d.onboardingProgressSchema,
    errors: { 400: 'Invalid input, with a message naming the field' },
  }),
  queue: defineRoute({
    id: 'onboardingQueue',
    method: 'GET',
    path: `${base}/admin/queue`,
    summary: 'Read-only view of the check-in queue (counts and the next jobs); add ?format=html for a page',
    tag,
    access: 'admin',
    query: z.object({ format: z.enum(['json', 'html']).default('json') }),
    response: d.queueOverviewSchema,
  }),
} as const;

export const onboardingRoutes: readonly ApiRoute[] = Object.values(onboardingRoute);
