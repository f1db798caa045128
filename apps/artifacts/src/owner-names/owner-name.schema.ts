import { Schema } from 'mongoose';

export const OWNER_NAME_MODEL = 'OwnerName';

/**
 * How one account is named to those who copied its artifacts (`_id` = user id), from identity's
 * events: the display name (display-name.ts) and when the name it was made of was current.
 */
export interface OwnerNameDoc {
  _id: string;
  displayName: string | null;
  at: Date;
}

export const ownerNameSchema = new Schema<OwnerNameDoc>(
  {
    _id: { type: String, required: true },
    displayName: { type: String, default: null },
    at: { type: Date, required: true },
  },
  { collection: 'owner_names', versionKey: false },
);
