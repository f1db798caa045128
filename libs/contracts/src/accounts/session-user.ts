import { z } from 'zod';
import { planTypeSchema, subscriptionStatusSchema } from '../events/payloads';
import { ADMIN_PERMISSIONS } from './permissions';

const isoDate = z.iso.datetime({ offset: true });

/**
 * The signed-in user as the SPA holds it (spec accounts §3, "User (session object)"): returned by
 * GET /api/v1/me, sign-in and refresh. The id is opaque and stable (never the e-mail). Admins
 * always read as ACTIVE, Business, active, with isAdmin and the four admin permissions.
 */
export const sessionUserSchema = z.strictObject({
  id: z.string().min(1),
  email: z.string(),
  subscriptionStatus: subscriptionStatusSchema,
  planType: planTypeSchema,
  isActive: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
  lastLoginAt: isoDate.nullable(),
  trialEnd: isoDate.nullable(),
  currentPeriodEnd: isoDate.nullable(),
  stripeCustomerId: z.string().nullable(),
  /** An older id whose artifacts the user also owns. */
  migratedFromUserId: z.string().optional(),
  /** Admins only. */
  isAdmin: z.literal(true).optional(),
  /** Admins only. */
  permissions: z.array(z.enum(ADMIN_PERMISSIONS)).optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
