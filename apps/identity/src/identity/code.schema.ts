import { Schema } from 'mongoose';

export const VERIFICATION_CODE_MODEL = 'VerificationCode';

export type CodePurpose = 'sign-in' | 'reset' | 'email-change' | 'account-deletion';

/**
 * The one live code of a user for a purpose (`_id` = `<purpose>:<userId>`): issuing a new one
 * replaces it, so an old code dies when a new one is sent.
 */
export interface VerificationCode {
  _id: string;
  userId: string;
  purpose: CodePurpose;
  codeHash: string;
  issuedAt: Date;
  expiresAt: Date;
  /** Tries so far, right or wrong; a code dies after the fifth wrong one. */
  attempts: number;
  usedAt: Date | null;
  /** Sign-in only: when the password was last proven; a code alone never signs anyone in. */
  passwordVerifiedAt: Date | null;
  /** E-mail change only: the new address the code was sent to; it becomes the user's on success. */
  pendingEmail?: string | null;
}

export const verificationCodeSchema = new Schema<VerificationCode>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    purpose: { type: String, required: true, enum: ['sign-in', 'reset', 'email-change', 'account-deletion'] },
    codeHash: { type: String, required: true },
    issuedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    attempts: { type: Number, required: true, default: 0 },
    usedAt: { type: Date, default: null },
    passwordVerifiedAt: { type: Date, default: null },
    pendingEmail: { type: String, default: null },
  },
  { versionKey: false, collection: 'verification_codes' },
);
// Lookups are by _id only. Housekeeping on a real MongoDB; checks always compare expiresAt.
verificationCodeSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 24 * 3600 });
