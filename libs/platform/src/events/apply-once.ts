import { type FilterQuery, type UpdateQuery } from 'mongoose';

/** How many applied event ids a document remembers; older ones are far past any redelivery. */
export const APPLIED_EVENTS_KEPT = 200;

/**
 * Makes a consumer's write idempotent on its own: the update applies only if the document has
 * not seen this event id, and records the id in the same single-document write. Use it in a
 * repository together with `appliedEventsField` on the schema.
 */
export function applyOnce<T>(
  filter: FilterQuery<T>,
  update: UpdateQuery<T>,
  eventId: string,
): { filter: FilterQuery<T>; update: UpdateQuery<T> } {
  const push = (update.$push ?? {}) as Record<string, unknown>;
  return {
    filter: { ...filter, _appliedEvents: { $ne: eventId } },
    update: {
      ...update,
      $push: { ...push, _appliedEvents: { $each: [eventId], $slice: -APPLIED_EVENTS_KEPT } },
    },
  };
}

/** Schema field for applyOnce; not selected by default reads. */
export const appliedEventsField = { _appliedEvents: { type: [String], default: undefined, select: false } };
