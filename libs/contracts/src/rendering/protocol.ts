import { z } from 'zod';
import { artifactTypeSchema } from '../events/payloads';
import { RUNTIME_LIMITS } from '../artifacts/runtime-dto';
import { frameHeightSchema } from '../artifacts/frame-height';

/**
 * The postMessage protocol between the app (parent) and the renderer frame (separate origin).
 * Content goes in once (`render`); ready, height, rendered and errors come out. Both sides check
 * the exact origin and the source window before they look at a message, then parse it here.
 */
export const RENDER_CHANNEL = 'core-vault/renderer';
export const RENDER_PROTOCOL_VERSION = 1;

/** Largest source or sanitized form accepted in a message (contents are at most 500,000 chars). */
export const RENDER_CONTENT_MAX_CHARS = 2_000_000;
/**
 * An artifact's web storage as the app keeps it for the frame (per artifact, in the app's own
 * localStorage): bounded so no artifact can fill the app's quota.
 */
export const ARTIFACT_STORAGE_MAX_CHARS = 100_000;
export const artifactStorageSchema = z
  .record(z.string().max(1_000), z.string().max(ARTIFACT_STORAGE_MAX_CHARS))
  .refine(
    (items) =>
      Object.entries(items).reduce((n, [k, v]) => n + k.length + v.length, 0) <= ARTIFACT_STORAGE_MAX_CHARS,
    'artifact storage too large',
  );
export type ArtifactStorage = z.infer<typeof artifactStorageSchema>;

/**
 * Heights the app accepts from a frame; anything else is clamped. A document taller than the cap
 * scrolls inside its frame: long study guides and reports (25,000 px and more) grow to their full
 * height, while a runaway page cannot make the app's page endless.
 */
export const FRAME_HEIGHT = { min: 0, max: 100_000 } as const;

/**
 * How a document is sized. 'content': its height does not depend on the frame's (normal flow):
 * the app makes the frame exactly that tall. 'viewport': its height follows the frame's (100vh,
 * position: fixed, a window-filling canvas): the app picks the height and the user may resize it;
 * the reported height is then only informative. Absent (older agents) means 'content'.
 */
export const frameSizingModeSchema = z.enum(['content', 'viewport']);
export type FrameSizingMode = z.infer<typeof frameSizingModeSchema>;

export const renderThemeSchema = z.enum(['light', 'dark']);
export type RenderTheme = z.infer<typeof renderThemeSchema>;

/** What any renderer (frame, embed, preview) needs to show an artifact. */
export const renderableArtifactSchema = z.strictObject({
  id: z.string().max(200).optional(),
  title: z.string().max(500),
  type: artifactTypeSchema,
  /** The source as uploaded. */
  content: z.string().max(RENDER_CONTENT_MAX_CHARS),
  /** Sanitized HTML for HTML, SVG and MARKDOWN when it comes from the artifacts service. */
  rendered: z.string().max(RENDER_CONTENT_MAX_CHARS).nullable(),
  /** 'Error parsing markdown: …' from the service. */
  renderError: z.string().max(2_000).nullable(),
  /** REACT only: why the service refused the source. */
  securityWarning: z.string().max(2_000).nullable(),
  /** The owner allowed outbound network; the renderer's CSP follows it (absent: not allowed). */
  allowNetwork: z.boolean().optional(),
  /**
   * The owner's frame height (artifacts/frame-height.ts): 'viewport' or px; absent: automatic.
   * The app sizes its frame by it; an embed reports its height for the embed script only when absent.
   */
  frameHeight: frameHeightSchema.optional(),
});
export type RenderableArtifact = z.infer<typeof renderableArtifactSchema>;

const envelope = { channel: z.literal(RENDER_CHANNEL), v: z.literal(RENDER_PROTOCOL_VERSION) };

/** App → frame. */
export const renderRequestSchema = z.strictObject({
  ...envelope,
  kind: z.literal('render'),
  artifact: renderableArtifactSchema,
  theme: renderThemeSchema,
  /** What the artifact stored last time (its localStorage), when the app keeps it. */
  storage: artifactStorageSchema.optional(),
});
export type RenderRequest = z.infer<typeof renderRequestSchema>;

/** The spec's rendering error titles (§2 "Rendering by type"). */
export const RENDER_ERROR_TITLES = [
  'Security Warning',
  'Render Error',
  'Setup Error',
  'Component Not Found',
  'Markdown Error',
] as const;
export const renderErrorTitleSchema = z.enum(RENDER_ERROR_TITLES);
export type RenderErrorTitle = z.infer<typeof renderErrorTitleSchema>;

export const renderErrorSchema = z.strictObject({
  title: renderErrorTitleSchema,
  message: z.string().max(2_000),
  tips: z.array(z.string().max(500)).max(10),
});
export type RenderError = z.infer<typeof renderErrorSchema>;

/**
 * Claude's artifact runtime (docs/reference/artifact-runtime.md): a call the artifact's `window.storage` or
 * `window.claude.complete` makes, which the app answers for a frame (runtime-result). The limits
 * are Claude's (artifacts/runtime-dto.ts); the vault's API checks them again.
 */
const runtimeKey = z.string().min(1).max(RUNTIME_LIMITS.keyMaxChars);
export const runtimeRequestSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('get'), key: runtimeKey, shared: z.boolean() }),
  z.strictObject({
    op: z.literal('set'),
    key: runtimeKey,
    value: z.string().max(RUNTIME_LIMITS.valueMaxBytes),
    shared: z.boolean(),
  }),
  z.strictObject({ op: z.literal('delete'), key: runtimeKey, shared: z.boolean() }),
  z.strictObject({
    op: z.literal('list'),
    prefix: z.string().max(RUNTIME_LIMITS.keyMaxChars).nullable(),
    shared: z.boolean(),
  }),
  z.strictObject({
    op: z.literal('complete'),
    messages: z
      .array(
        z.strictObject({
          role: z.enum(['user', 'assistant']),
          content: z.string().max(RUNTIME_LIMITS.promptMaxChars),
        }),
      )
      .min(1)
      .max(RUNTIME_LIMITS.messagesMax),
    system: z.string().max(RUNTIME_LIMITS.promptMaxChars).optional(),
    max_tokens: z.number().int().positive().max(64_000).optional(),
  }),
]);
export type RuntimeRequest = z.infer<typeof runtimeRequestSchema>;

/** App → frame: the answer to runtime call `call` (the vault's result, or its refusal). */
export interface RuntimeResult {
  channel: typeof RENDER_CHANNEL;
  v: typeof RENDER_PROTOCOL_VERSION;
  kind: 'runtime-result';
  call: number;
  ok: boolean;
  result?: unknown;
  error?: { message: string; code: string; status: number };
}

export function runtimeResult(
  call: number,
  outcome: { result: unknown } | { error: { message: string; code: string; status: number } },
): RuntimeResult {
  return {
    channel: RENDER_CHANNEL,
    v: RENDER_PROTOCOL_VERSION,
    kind: 'runtime-result',
    call,
    ok: 'result' in outcome,
    ...outcome,
  };
}

/** Frame → app. */
export const frameMessageSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    ...envelope,
    kind: z.literal('runtime'),
    call: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    request: runtimeRequestSchema,
  }),
  z.strictObject({ ...envelope, kind: z.literal('ready') }),
  z.strictObject({ ...envelope, kind: z.literal('rendered') }),
  z.strictObject({
    ...envelope,
    kind: z.literal('height'),
    height: z.number().finite(),
    mode: frameSizingModeSchema.optional(),
  }),
  z.strictObject({ ...envelope, kind: z.literal('error'), error: renderErrorSchema }),
  z.strictObject({ ...envelope, kind: z.literal('storage'), items: artifactStorageSchema }),
]);
export type FrameMessage = z.infer<typeof frameMessageSchema>;

/** A frame message without its envelope (distributes over the kinds). */
export type FrameMessageBody = FrameMessage extends infer M
  ? M extends FrameMessage
    ? Omit<M, 'channel' | 'v'>
    : never
  : never;

/** Builds a frame → app message with the envelope filled in. */
export function frameMessage(body: FrameMessageBody): FrameMessage {
  return { channel: RENDER_CHANNEL, v: RENDER_PROTOCOL_VERSION, ...body };
}

export function renderRequest(
  artifact: RenderableArtifact,
  theme: RenderTheme = 'light',
  storage?: ArtifactStorage,
): RenderRequest {
  return {
    channel: RENDER_CHANNEL,
    v: RENDER_PROTOCOL_VERSION,
    kind: 'render',
    artifact,
    theme,
    ...(storage ? { storage } : {}),
  };
}

/** Clamps a height a frame asked for into what the app will show. */
export function clampFrameHeight(height: number): number {
  if (!Number.isFinite(height)) return FRAME_HEIGHT.min;
  return Math.min(FRAME_HEIGHT.max, Math.max(FRAME_HEIGHT.min, Math.ceil(height)));
}
