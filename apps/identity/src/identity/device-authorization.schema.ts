import { Schema } from 'mongoose';
import {
  DEVICE_CLIENT_IDS,
  type DeviceClientId,
  PERSONAL_TOKEN_SCOPES,
  type PersonalTokenScope,
} from '@core-vault/contracts';

export const DEVICE_AUTHORIZATION_MODEL = 'DeviceAuthorization';

/**
 * - pending: waiting for a person on the /device page;
 * - approved / denied: answered by a signed-in user (`userId`);
 * - exchanging: a poll is minting the key (one poll only: the claim is a conditional write);
 * - exchanged: the key went to the device; the device code is spent.
 */
export type DeviceAuthorizationStatus = 'pending' | 'approved' | 'denied' | 'exchanging' | 'exchanged';

/**
 * One device sign-in (RFC 8628). Neither code is stored: the device code (256 bits) as its
 * SHA-256, the short user code as a keyed hash (it has too few values for a plain one).
 */
export interface DeviceAuthorization {
  _id: string;
  deviceCodeHash: string;
  userCodeHash: string;
  clientId: DeviceClientId;
  hostname: string | null;
  scopes: PersonalTokenScope[];
  status: DeviceAuthorizationStatus;
  /** Who approved or denied it. */
  userId: string | null;
  createdAt: Date;
  expiresAt: Date;
  /** Seconds between polls; slow_down raises it for the rest of this sign-in. */
  interval: number;
  lastPolledAt: Date | null;
  answeredAt: Date | null;
  /** The key minted for the device (`pat_…`), once exchanged. */
  tokenId: string | null;
}

export const deviceAuthorizationSchema = new Schema<DeviceAuthorization>(
  {
    _id: { type: String, required: true },
    deviceCodeHash: { type: String, required: true },
    userCodeHash: { type: String, required: true },
    clientId: { type: String, required: true, enum: DEVICE_CLIENT_IDS },
    hostname: { type: String, default: null },
    scopes: { type: [String], enum: PERSONAL_TOKEN_SCOPES, required: true },
    status: {
      type: String,
      required: true,
      enum: ['pending', 'approved', 'denied', 'exchanging', 'exchanged'],
    },
    userId: { type: String, default: null },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    interval: { type: Number, required: true },
    lastPolledAt: { type: Date, default: null },
    answeredAt: { type: Date, default: null },
    tokenId: { type: String, default: null },
  },
  { versionKey: false, collection: 'device_authorizations' },
);
// The device polls by its code, the person answers by theirs; a collision must fail loudly.
deviceAuthorizationSchema.index({ deviceCodeHash: 1 }, { unique: true });
deviceAuthorizationSchema.index({ userCodeHash: 1 }, { unique: true });
// Housekeeping on a real MongoDB an hour after expiry; every check compares expiresAt itself.
deviceAuthorizationSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 3600 });
