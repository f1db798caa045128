import { z } from 'zod';
import { planTypeSchema, subscriptionStatusSchema } from '../events/payloads';

const name = z.string().trim().min(1).max(100);
/** Plan ids are checked by the service so every unknown or unselectable plan gets "Invalid plan type". */
const planId = z.string().trim().min(1).max(50);

const paymentMethodId = z
  .string()
  .trim()
  .regex(/^pm_[A-Za-z0-9_]{1,120}$/, 'must be a Stripe payment method id (pm_...)');

export const startTrialBodySchema = z.strictObject({
  planType: planId,
  paymentMethodId,
  firstName: name,
  lastName: name,
});
export type StartTrialBody = z.infer<typeof startTrialBodySchema>;

export const registrationResultSchema = z.object({
  success: z.literal(true),
  customerId: z.string(),
  subscriptionId: z.string(),
  planType: planTypeSchema,
  subscriptionStatus: subscriptionStatusSchema,
  trialEnd: z.string(),
});
export type RegistrationResult = z.infer<typeof registrationResultSchema>;

export const createCheckoutBodySchema = z.strictObject({ planType: planId });
export type CreateCheckoutBody = z.infer<typeof createCheckoutBodySchema>;

export const checkoutSessionResponseSchema = z.object({
  id: z.string(),
  url: z.string(),
  tempUserId: z.string(),
});

export const completeCheckoutBodySchema = z.strictObject({
  sessionId: z
    .string()
    .trim()
    .regex(/^cs_[A-Za-z0-9_]{1,200}$/, 'must be a Checkout session id (cs_...)'),
  tempUserId: z
    .string()
    .trim()
    .regex(/^[a-f0-9]{32}$/, 'must be a registration id'),
});
export type CompleteCheckoutBody = z.infer<typeof completeCheckoutBodySchema>;

export const subscriptionDetailsSchema = z.object({
  subscriptions: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      plan_id: z.string().nullable(),
      cancel_at_period_end: z.boolean(),
      trial_end: z.string().nullable(),
      current_period_end: z.string().nullable(),
    }),
  ),
  payment_methods: z.array(
    z.object({
      id: z.string(),
      is_default: z.boolean(),
      card: z.object({
        brand: z.string(),
        last4: z.string(),
        exp_month: z.number().int(),
        exp_year: z.number().int(),
      }),
    }),
  ),
  customer_id: z.string().nullable(),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsSchema>;

export const billingHistorySchema = z.object({
  invoices: z.array(
    z.object({
      id: z.string(),
      /** Major units (dollars), as the billing screen shows them. */
      amount: z.number(),
      currency: z.string(),
      date: z.string(),
      status: z.string(),
      pdf_url: z.string().nullable(),
    }),
  ),
});
export type BillingHistory = z.infer<typeof billingHistorySchema>;

export const changePlanBodySchema = z.strictObject({ planType: planId });
export type ChangePlanBody = z.infer<typeof changePlanBodySchema>;

export const subscriptionActionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  subscriptionId: z.string(),
  cancel_at_period_end: z.boolean(),
  plan_id: z.string().nullable(),
});

export const setupIntentResponseSchema = z.object({ clientSecret: z.string() });
export const portalSessionResponseSchema = z.object({ url: z.string() });

const digits = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^[0-9 -]{${min},${max}}$`), 'must be digits');
export const testPaymentMethodBodySchema = z.strictObject({
  number: digits(12, 23),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int().min(2000).max(2100),
  cvc: z
    .string()
    .trim()
    .regex(/^[0-9]{3,4}$/, 'must be 3 or 4 digits'),
});
export type TestPaymentMethodBody = z.infer<typeof testPaymentMethodBodySchema>;
export const testPaymentMethodResponseSchema = z.object({
  paymentMethodId: z.string(),
  brand: z.string(),
  last4: z.string(),
});

/** `ignored`: signed but malformed (no data, a null object…); acknowledged so Stripe stops retrying. */
export const webhookAckSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean().optional(),
  ignored: z.boolean().optional(),
});

export const dataExportSchema = z.object({
  exportedAt: z.string(),
  account: z.unknown(),
  billing: z.unknown(),
  artifacts: z.unknown(),
  analytics: z.unknown(),
  usageHistory: z.unknown(),
  notes: z.array(z.string()),
  /** Every source in full; false when a note says something is missing (also a cut-off stream). */
  complete: z.boolean(),
});

/**
 * How the registration screen collects a card: `test-cards` in local mode (stripe-mock; the SPA
 * turns a published test number into a payment method), `elements` with a publishable key (live),
 * `unavailable` when live mode has no publishable key ("Payment System Unavailable").
 */
export const cardEntryConfigSchema = z.object({
  mode: z.enum(['test-cards', 'elements', 'unavailable']),
  publishableKey: z.string().nullable(),
});
export type CardEntryConfig = z.infer<typeof cardEntryConfigSchema>;

/**
 * Subscribe again (a returning user: canceled, or never finished a trial): no trial, the first
 * invoice is paid at once. Without `paymentMethodId` the default card on file pays.
 */
export const subscribeBodySchema = z.strictObject({
  planType: planId,
  paymentMethodId: paymentMethodId.optional(),
});
export type SubscribeBody = z.infer<typeof subscribeBodySchema>;

/**
 * A card for the caller's billing account. `makeDefault`: it pays the next invoices;
 * `replaces`: a card on file to remove once this one is the default ("Update Payment Method").
 */
export const addPaymentMethodBodySchema = z.strictObject({
  paymentMethodId,
  makeDefault: z.boolean().optional(),
  replaces: paymentMethodId.optional(),
});
export type AddPaymentMethodBody = z.infer<typeof addPaymentMethodBodySchema>;

export const paymentMethodParamsSchema = z.strictObject({ id: paymentMethodId });
