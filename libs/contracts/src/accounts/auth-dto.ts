import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isValidEmail, normalizeEmail } from './email';
import { AUTH_MESSAGES } from './messages';
import { sessionUserSchema } from './session-user';

/** Passwords longer than this are refused before hashing (no hashing of megabyte strings). */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_MIN_LENGTH = 8;
export const VERIFICATION_CODE_LENGTH = 6;
export const NAME_MAX_LENGTH = 100;

const text = (max: number) => z.string().max(max).optional();

/** Plans a visitor may pick at registration; Business is shown but not selectable (spec §2). */
export const SELECTABLE_PLANS = ['pro_monthly', 'pro_yearly'] as const;
export const REGISTRATION_PLANS = [...SELECTABLE_PLANS, 'business_monthly', 'business_yearly'] as const;
export type SelectablePlan = (typeof SELECTABLE_PLANS)[number];

/**
 * Fields are optional strings at the schema level so that a missing one gets the spec's own
 * message ("Please fill in all fields.") from `signUpProblem`, checked in the spec's order.
 */
export const signUpBodySchema = z.strictObject({
  firstName: text(NAME_MAX_LENGTH),
  lastName: text(NAME_MAX_LENGTH),
  email: text(EMAIL_MAX_LENGTH),
  password: text(PASSWORD_MAX_LENGTH),
  confirmPassword: text(PASSWORD_MAX_LENGTH),
  planType: text(50),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

/** The first rule a registration breaks, in the spec's order (accounts §5), or null. */
export function signUpProblem(body: SignUpBody): string | null {
  const { firstName, lastName, email, password, confirmPassword } = body;
  const required = [firstName?.trim(), lastName?.trim(), email?.trim(), password, confirmPassword];
  if (required.some((v) => !v)) return AUTH_MESSAGES.fillAllFields;
  if (!isValidEmail(normalizeEmail(email ?? ''))) return AUTH_MESSAGES.invalidEmail;
  if ((password ?? '').length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (password !== confirmPassword) return AUTH_MESSAGES.passwordsDoNotMatch;
  if (!(SELECTABLE_PLANS as readonly string[]).includes(body.planType ?? ''))
    return AUTH_MESSAGES.invalidPlanType;
  return null;
}

/**
 * Step 1: email + password. Step 2: the e-mailed code, either in the password slot (as the
 * original client sends it) or in `code`.
 */
export const signInBodySchema = z.strictObject({
  email: text(EMAIL_MAX_LENGTH),
  password: text(PASSWORD_MAX_LENGTH),
  code: text(VERIFICATION_CODE_LENGTH),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const emailBodySchema = z.strictObject({ email: text(EMAIL_MAX_LENGTH) });
export type EmailBody = z.infer<typeof emailBodySchema>;

export const resetConfirmBodySchema = z.strictObject({
  email: text(EMAIL_MAX_LENGTH),
  code: text(VERIFICATION_CODE_LENGTH),
  newPassword: text(PASSWORD_MAX_LENGTH),
});
export type ResetConfirmBody = z.infer<typeof resetConfirmBodySchema>;

export const messageResultSchema = z.object({ success: z.boolean(), message: z.string() });
export type MessageResult = z.infer<typeof messageResultSchema>;

export const signUpResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: sessionUserSchema,
});
export type SignUpResult = z.infer<typeof signUpResultSchema>;

/** Auth result (spec §3): success, message, user, token — or the request for a code. */
export const signInResultSchema = z.discriminatedUnion('success', [
  z.object({
    success: z.literal(true),
    message: z.string(),
    user: sessionUserSchema,
    /** Short-lived access token. Keep it in memory only, never in web storage. */
    token: z.string(),
  }),
  z.object({
    success: z.literal(false),
    code: z.literal('VERIFICATION_CODE_REQUIRED'),
    message: z.string(),
  }),
]);
export type SignInResult = z.infer<typeof signInResultSchema>;

export const refreshResultSchema = z.object({
  success: z.literal(true),
  user: sessionUserSchema,
  token: z.string(),
});
export type RefreshResult = z.infer<typeof refreshResultSchema>;
