import { type SaveItem } from '../shared/artifact';
import { type QueuedItem } from '../shared/settings';

/** Keep at most this many waiting items; the oldest go first past it (storage.local is ~10 MB). */
export const QUEUE_MAX = 500;

/**
 * The queue with `items` added: an item already waiting under the same key is replaced (the
 * user saved it again), so a retry never duplicates it.
 */
export function enqueue(
  queue: readonly QueuedItem[],
  items: readonly SaveItem[],
  reason: string,
  now: number,
): QueuedItem[] {
  const keys = new Set(items.map((i) => i.key));
  const kept = queue.filter((q) => !keys.has(q.key));
  const added = items.map((i) => ({ key: i.key, artifact: i.artifact, reason, queuedAt: now }));
  return [...kept, ...added].slice(-QUEUE_MAX);
}

/** The queue without the items whose keys were delivered; items added meanwhile stay. */
export function dequeue(queue: readonly QueuedItem[], deliveredKeys: Iterable<string>): QueuedItem[] {
  const done = new Set(deliveredKeys);
  return queue.filter((q) => !done.has(q.key));
}
