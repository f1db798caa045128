/** Plan types a user can hold (spec accounts §3). */
export type PlanType = 'Pro' | 'Business' | 'Free';
export type SubscriptionStatus = 'ACTIVE' | 'TRIAL' | 'PAST_DUE' | 'CANCELED' | 'NO_SUBSCRIPTION';

/** Feature permissions (spec accounts §6). */
export const FEATURES = [
  'basic_upload',
  'view_artifacts',
  'analytics_basic',
  'analytics_advanced',
  'private_sharing',
  'custom_domains',
  'team_collaboration',
  'priority_support',
  'api_access',
] as const;
export type Feature = (typeof FEATURES)[number];

/**
 * Features by plan: spec accounts §6, except that Pro also holds analytics_advanced and
 * priority_support. The pricing card sells Pro with "Advanced analytics" and "Priority support"
 * while the permission table lists them for Business only; the product delivers what it sells
 * (issue #17, decision in docs/reference/billing.md). What only Business would add stays "coming soon".
 */
export const PLAN_FEATURES: Readonly<Record<PlanType, readonly Feature[]>> = {
  Pro: [
    'basic_upload',
    'view_artifacts',
    'analytics_basic',
    'analytics_advanced',
    'private_sharing',
    'priority_support',
  ],
  Business: [
    'basic_upload',
    'view_artifacts',
    'analytics_advanced',
    'private_sharing',
    'custom_domains',
    'team_collaboration',
    'priority_support',
    'api_access',
  ],
  Free: [],
};

/** Permissions every admin holds (spec accounts §3). */
export const ADMIN_PERMISSIONS = ['admin', 'all_access', 'user_management', 'system_settings'] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

/** The facts about a user that access decisions need. */
export interface AccessSubject {
  isAdmin?: boolean;
  isActive: boolean;
  planType: PlanType;
  subscriptionStatus: SubscriptionStatus;
}

/** Subscribed = ACTIVE or TRIAL, or admin. */
export function isSubscribed(user: AccessSubject): boolean {
  return Boolean(user.isAdmin) || user.subscriptionStatus === 'ACTIVE' || user.subscriptionStatus === 'TRIAL';
}

/**
 * Admins pass every check. Everyone else needs an active account, a subscription and the
 * feature in their plan's list.
 */
export function hasFeature(user: AccessSubject | null | undefined, feature: Feature): boolean {
  if (!user) return false;
  if (user.isAdmin) return true;
  return user.isActive && isSubscribed(user) && PLAN_FEATURES[user.planType].includes(feature);
}
