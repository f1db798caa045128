import { type PlanType } from '../accounts/permissions';

/** Length of the card-backed free trial. 90 everywhere (the one "9-day" reading is a defect). */
export const TRIAL_DAYS = 90;

/** Plan ids a registration form may send (spec accounts §3). */
export const REGISTRATION_PLAN_IDS = [
  'pro_monthly',
  'pro_yearly',
  'business_monthly',
  'business_yearly',
] as const;
export type RegistrationPlanId = (typeof REGISTRATION_PLAN_IDS)[number];

/** Business is shown but "coming soon": only Pro can be chosen. */
export const SELECTABLE_PLAN_IDS = ['pro_monthly', 'pro_yearly'] as const;
export type SelectablePlanId = (typeof SELECTABLE_PLAN_IDS)[number];

/** Configuration variable that holds each plan's Stripe price id. */
export const PLAN_PRICE_CONFIG_KEYS = {
  pro_monthly: 'STRIPE_PRICE_PRO_MONTHLY',
  pro_yearly: 'STRIPE_PRICE_PRO_YEARLY',
  business_monthly: 'STRIPE_PRICE_BUSINESS_MONTHLY',
  business_yearly: 'STRIPE_PRICE_BUSINESS_YEARLY',
} as const satisfies Record<RegistrationPlanId, string>;

export interface PricedPlan {
  id: RegistrationPlanId;
  name: string;
  planType: Exclude<PlanType, 'Free'>;
  /** Price in major units (dollars). */
  price: number;
  currency: 'usd';
  interval: 'month' | 'year';
  /** "$9.99/month" as the registration screen shows it. */
  priceLabel: string;
  badge?: 'POPULAR' | 'Save $20' | 'COMING SOON';
  selectable: boolean;
  /** What the call-to-action says when the plan cannot be chosen. */
  cta: 'Start 90-Day Free Trial' | 'Contact Sales';
  highlights: readonly string[];
}

export interface ContactSalesPlan {
  id: 'enterprise' | 'government';
  name: string;
  description: string;
  badge: 'COMING SOON';
  cta: 'Contact Sales';
  selectable: false;
}

const PRO_HIGHLIGHTS = [
  'Unlimited artifacts',
  'Public and private sharing',
  'Advanced analytics',
  'Priority support',
] as const;
const BUSINESS_HIGHLIGHTS = ['Teams up to 25 members', 'Everything in Pro'] as const;

/** The plan catalogue, once, for the registration screen, the billing screen and the server. */
export const PLANS: readonly PricedPlan[] = [
  {
    id: 'pro_monthly',
    name: 'Pro Monthly',
    planType: 'Pro',
    price: 9.99,
    currency: 'usd',
    interval: 'month',
    priceLabel: '$9.99/month',
    badge: 'POPULAR',
    selectable: true,
    cta: 'Start 90-Day Free Trial',
    highlights: PRO_HIGHLIGHTS,
  },
  {
    id: 'pro_yearly',
    name: 'Pro Yearly',
    planType: 'Pro',
    price: 99.99,
    currency: 'usd',
    interval: 'year',
    priceLabel: '$99.99/year',
    badge: 'Save $20',
    selectable: true,
    cta: 'Start 90-Day Free Trial',
    highlights: PRO_HIGHLIGHTS,
  },
  {
    id: 'business_monthly',
    name: 'Business Monthly',
    planType: 'Business',
    price: 29.99,
    currency: 'usd',
    interval: 'month',
    priceLabel: '$29.99/month',
    badge: 'COMING SOON',
    selectable: false,
    cta: 'Contact Sales',
    highlights: BUSINESS_HIGHLIGHTS,
  },
  {
    id: 'business_yearly',
    name: 'Business Yearly',
    planType: 'Business',
    price: 299.99,
    currency: 'usd',
    interval: 'year',
    priceLabel: '$299.99/year',
    badge: 'COMING SOON',
    selectable: false,
    cta: 'Contact Sales',
    highlights: BUSINESS_HIGHLIGHTS,
  },
];

export const CONTACT_SALES_PLANS: readonly ContactSalesPlan[] = [
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'Unlimited members (above 25)',
    badge: 'COMING SOON',
    cta: 'Contact Sales',
    selectable: false,
  },
  {
    id: 'government',
    name: 'Government',
    description: 'For public-sector teams',
    badge: 'COMING SOON',
    cta: 'Contact Sales',
    selectable: false,
  },
];

export function planById(id: string): PricedPlan | undefined {
  return PLANS.find((p) => p.id === id);
}

/** True only for the plans a user may choose today (Pro monthly and yearly). */
export function isSelectablePlan(id: string): id is SelectablePlanId {
  return (SELECTABLE_PLAN_IDS as readonly string[]).includes(id);
}
