import { type FrameMessage, frameMessageSchema } from '@core-vault/contracts';

/**
 * Accepts a message only from our frame's window, from the renderer origin, in the protocol's
 * shape; anything else (other frames, popups, spoofed shapes) is ignored.
 */
export function acceptFrameMessage(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  expected: { origin: string; source: MessageEventSource | null | undefined },
): FrameMessage | null {
  if (!expected.source || event.source !== expected.source || event.origin !== expected.origin) return null;
  const parsed = frameMessageSchema.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}

/** A short, stable fingerprint of what a frame shows: a new one means a fresh frame. */
export function contentKey(parts: string[]): string {
  let h = 0x811c9dc5;
  for (const part of parts) {
    for (let i = 0; i < part.length; i++) {
      h ^= part.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    h ^= 0xff;
  }
  return `${parts[0]?.length ?? 0}-${(h >>> 0).toString(36)}`;
}
