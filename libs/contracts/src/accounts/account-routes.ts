import { z } from 'zod';
import { defineRoute } from '../http/route';
import {
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  VERIFICATION_CODE_LENGTH,
  messageResultSchema,
} from './auth-dto';
import { EMAIL_MAX_LENGTH } from './email';

/**
 * Account settings of the signed-in user (issue #17 item 5): name, e-mail (a code goes to the NEW
 * address), password (the current one required, other sessions and every personal access token end). Texts in the style of the
 * spec's catalogue; the rules shared with sign-up (valid e-mail, 8 characters) use its texts.
 */
export const ACCOUNT_MESSAGES = {
  nameRequired: 'Please enter your first and last name.',
  profileSaved: 'Your profile has been updated.',
  emailUnchanged: 'This is already your email address.',
  emailTaken: 'An account with this email already exists. Please use another address.',
  emailCodeSent: 'A verification code has been sent to your new email address.',
  emailChanged: 'Your email address has been changed.',
  emailCodeInvalid: 'Invalid or expired verification code. Please request a new code.',
  wrongPassword: 'Your current password is incorrect.',
  passwordSame: 'Your new password must differ from your current one.',
  passwordChanged:
    'Your password has been changed. Your other sessions have been signed out and your personal access tokens have been revoked.',
  sessionOnly: 'Account settings can only be changed from a signed-in browser session.',
} as const;

const text = (max: number) => z.string().max(max).optional();

/** The profile as the settings screen shows it (the session object carries no name). */
export const accountProfileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type AccountProfile = z.infer<typeof accountProfileSchema>;

/** Optional strings at the schema level, so a blank one gets the catalogue's message, not zod's. */
export const updateNameBodySchema = z.strictObject({
  firstName: text(NAME_MAX_LENGTH),
  lastName: text(NAME_MAX_LENGTH),
});
export type UpdateNameBody = z.infer<typeof updateNameBodySchema>;

/** Step 1 of an e-mail change: the new address, and the current password as proof it is the owner. */
export const emailChangeRequestBodySchema = z.strictObject({
  newEmail: text(EMAIL_MAX_LENGTH),
  currentPassword: text(PASSWORD_MAX_LENGTH),
});
export type EmailChangeRequestBody = z.infer<typeof emailChangeRequestBodySchema>;

/** Step 2: the 6-digit code e-mailed to the new address. */
export const emailChangeConfirmBodySchema = z.strictObject({ code: text(VERIFICATION_CODE_LENGTH) });
export type EmailChangeConfirmBody = z.infer<typeof emailChangeConfirmBodySchema>;

export const passwordChangeBodySchema = z.strictObject({
  currentPassword: text(PASSWORD_MAX_LENGTH),
  newPassword: text(PASSWORD_MAX_LENGTH),
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

const tag = 'identity';
const base = '/api/v1/account';
const signedIn = { 401: 'Not signed in or session revoked', 403: ACCOUNT_MESSAGES.sessionOnly } as const;

export const getAccountRoute = defineRoute({
  id: 'getAccount',
  method: 'GET',
  path: base,
  summary: "The signed-in user's profile: name and e-mail",
  tag,
  access: 'user',
  response: accountProfileSchema,
  errors: signedIn,
});

export const updateAccountNameRoute = defineRoute({
  id: 'updateAccountName',
  method: 'PUT',
  path: `${base}/name`,
  summary: 'Change first and last name',
  tag,
  access: 'user',
  body: updateNameBodySchema,
  response: accountProfileSchema,
  errors: { 400: ACCOUNT_MESSAGES.nameRequired, ...signedIn },
});

export const requestEmailChangeRoute = defineRoute({
  id: 'requestEmailChange',
  method: 'POST',
  path: `${base}/email/request`,
  summary: 'Start an e-mail change: a 6-digit code goes to the new address (current password required)',
  tag,
  access: 'user',
  body: emailChangeRequestBodySchema,
  response: messageResultSchema,
  errors: {
    400: 'Invalid or unchanged address, or wrong current password',
    ...signedIn,
    409: ACCOUNT_MESSAGES.emailTaken,
    429: 'Cooldown; see Retry-After',
    503: 'The code e-mail could not be sent',
  },
});

export const confirmEmailChangeRoute = defineRoute({
  id: 'confirmEmailChange',
  method: 'POST',
  path: `${base}/email/confirm`,
  summary: 'Finish an e-mail change with the code sent to the new address',
  tag,
  access: 'user',
  body: emailChangeConfirmBodySchema,
  response: accountProfileSchema,
  errors: {
    400: ACCOUNT_MESSAGES.emailCodeInvalid,
    ...signedIn,
    409: ACCOUNT_MESSAGES.emailTaken,
    429: 'Too many attempts; see Retry-After',
  },
});

export const changePasswordRoute = defineRoute({
  id: 'changePassword',
  method: 'POST',
  path: `${base}/password`,
  summary:
    'Change the password (current one required); every other session of the user ends and every personal access token is revoked',
  tag,
  access: 'user',
  body: passwordChangeBodySchema,
  response: messageResultSchema,
  errors: {
    400: 'Wrong current password or a password rule broken',
    ...signedIn,
    429: 'Too many attempts; see Retry-After',
  },
});

/** Account settings calls, answered by identity (listed with its other calls in auth-routes). */
export const accountRoutes = [
  getAccountRoute,
  updateAccountNameRoute,
  requestEmailChangeRoute,
  confirmEmailChangeRoute,
  changePasswordRoute,
] as const;
