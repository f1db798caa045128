import { z } from 'zod';
import { type ApiRoute, defineRoute } from '../http/route';
import { VERIFICATION_CODE_LENGTH } from './auth-dto';

/**
 * Account deletion (issue #17 item 5): a code e-mailed to the account's address, then the code
 * confirms. Texts in the style of the spec's catalogue. A trial or a paid subscription does not
 * block deletion: it is canceled at Stripe at once, and the texts say so before the code is sent.
 */
export const ACCOUNT_DELETION_MESSAGES = {
  codeSent:
    'A verification code has been sent to your email address. Enter it to delete your account permanently.',
  codeSentTrial:
    'A verification code has been sent to your email address. Deleting your account ends your free trial now; it is canceled at Stripe and you will not be charged.',
  codeSentSubscription:
    'A verification code has been sent to your email address. Deleting your account cancels your subscription at Stripe now, with no refund for the current period.',
  codeInvalid: 'Invalid or expired verification code. Please request a new code.',
  deleted: 'Your account has been deleted. We are sorry to see you go.',
  sessionOnly: 'Your account can only be deleted from a signed-in browser session.',
} as const;

/** What deleting will end, so the screen can say it before the user confirms. */
export const deletionSubscriptionSchema = z.enum(['none', 'trial', 'subscription']);
export type DeletionSubscription = z.infer<typeof deletionSubscriptionSchema>;

export const deletionCodeResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** 'trial' or 'subscription': canceled at Stripe when the deletion is confirmed. */
  cancels: deletionSubscriptionSchema,
});
export type DeletionCodeResult = z.infer<typeof deletionCodeResultSchema>;

/** The 6-digit code; optional at the schema level so a blank one gets the catalogue's message. */
export const deletionConfirmBodySchema = z.strictObject({
  code: z.string().max(VERIFICATION_CODE_LENGTH).optional(),
});
export type DeletionConfirmBody = z.infer<typeof deletionConfirmBodySchema>;

export const deletionResultSchema = z.object({ success: z.literal(true), message: z.string() });
export type DeletionResult = z.infer<typeof deletionResultSchema>;

const tag = 'identity';
const base = '/api/v1/account/deletion';
const signedIn = {
  401: 'Not signed in or session revoked',
  403: ACCOUNT_DELETION_MESSAGES.sessionOnly,
} as const;

export const requestAccountDeletionRoute = defineRoute({
  id: 'requestAccountDeletion',
  method: 'POST',
  path: `${base}/request`,
  summary: "E-mail a code to the account's address that confirms deleting the account",
  tag,
  access: 'user',
  response: deletionCodeResultSchema,
  errors: { ...signedIn, 429: 'Cooldown; see Retry-After', 503: 'The code e-mail could not be sent' },
});

export const confirmAccountDeletionRoute = defineRoute({
  id: 'confirmAccountDeletion',
  method: 'POST',
  path: `${base}/confirm`,
  summary:
    'Delete the account with the e-mailed code: sessions and keys end, the refresh cookie is cleared, ' +
    'identity.user-deleted.v1 makes every service erase the user (a subscription or trial is canceled at Stripe)',
  tag,
  access: 'user',
  body: deletionConfirmBodySchema,
  response: deletionResultSchema,
  errors: {
    400: ACCOUNT_DELETION_MESSAGES.codeInvalid,
    ...signedIn,
    429: 'Too many attempts; see Retry-After',
  },
});

export const accountDeletionRoutes: readonly ApiRoute[] = [
  requestAccountDeletionRoute,
  confirmAccountDeletionRoute,
] as readonly ApiRoute[];
