import { z } from 'zod';

/**
 * The owner's frame height for one artifact (docs/reference/rendering.md, "Frame sizing"):
 * - `null` — automatic: the renderer measures the document (content height, or the window's for a
 *   full-screen layout); embeds carry the resize script and follow it;
 * - `'viewport'` — fill the window: the app gives it the window's height below its header (the
 *   viewer may drag it), an embed the height of its iframe;
 * - a whole number of px in FRAME_HEIGHT_SETTING — exactly that tall everywhere; a taller document
 *   scrolls inside its frame. Embed codes carry it as the iframe's height.
 */
export type FrameHeightSetting = number | 'viewport' | null;

/** Bounds of a pinned height: from a toolbar-sized strip to a long page (taller: automatic). */
export const FRAME_HEIGHT_SETTING = { min: 100, max: 20_000 } as const;

/** The iframe height of an embed code when the owner pinned none (spec: 100% by 600px). */
export const EMBED_DEFAULT_HEIGHT_PX = 600;

export const FRAME_HEIGHT_MESSAGES = {
  invalid: `frameHeight must be null (automatic), "viewport" (fill the window) or a whole number of pixels from ${FRAME_HEIGHT_SETTING.min} to ${FRAME_HEIGHT_SETTING.max}.`,
} as const;

const invalid = FRAME_HEIGHT_MESSAGES.invalid;

/** Validates a setting as the API takes it: one message for every wrong value. */
export const frameHeightSchema = z
  .union(
    [
      z.literal('viewport', { error: invalid }),
      z
        .number({ error: invalid })
        .int(invalid)
        .min(FRAME_HEIGHT_SETTING.min, invalid)
        .max(FRAME_HEIGHT_SETTING.max, invalid),
      z.null({ error: invalid }),
    ],
    { error: invalid },
  )
  .describe('null: automatic; "viewport": fill the window; or a height in px (100–20,000)');

/** A setting read defensively (stored documents, answers of older services): anything else is automatic. */
export function readFrameHeight(value: unknown): FrameHeightSetting {
  return frameHeightSchema.safeParse(value).success ? (value as FrameHeightSetting) : null;
}

/**
 * How an embed code sizes its iframe: a pinned height is the iframe's height (the document scrolls
 * inside it); automatic starts at 600 px and follows the document with the embed script
 * (`autosize`); "fill the window" is the default 600 px the embedder may change.
 */
export function embedFrameSize(setting: FrameHeightSetting): { height: number; autosize: boolean } {
  if (typeof setting === 'number') return { height: setting, autosize: false };
  return { height: EMBED_DEFAULT_HEIGHT_PX, autosize: setting === null };
}
