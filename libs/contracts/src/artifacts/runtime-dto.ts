import { z } from 'zod';

/**
 * The server side of the artifact runtime that artifacts made in Claude expect (#31):
 * `window.storage` (personal and shared key-value stores) and `window.claude.complete`.
 * Limits are Claude's own, so an artifact that works there works here (docs/reference/artifact-runtime.md).
 */
export const RUNTIME_LIMITS = {
  keyMaxChars: 199,
  /** One value, in UTF-8 bytes. */
  valueMaxBytes: 5 * 1024 * 1024,
  /** One store: the shared store of an artifact, or one user's personal store of it. */
  storeMaxBytes: 20 * 1024 * 1024,
  /** Keys a list answers at most (a store of tiny values could hold many more). */
  listMaxKeys: 10_000,
  promptMaxChars: 200_000,
  messagesMax: 100,
  /** All text of a messages request together (contents and system). */
  messagesMaxChars: 400_000,
  maxTokensMax: 64_000,
} as const;

/**
 * Bytes a storage write's request may have: the largest value, JSON-escaped (a control character
 * takes 6 bytes, `"` and `\` take 2; 2× covers realistic text), plus the envelope. The gateway and
 * the service accept it on the write route only.
 */
export const RUNTIME_STORAGE_BODY_MAX_BYTES = 2 * RUNTIME_LIMITS.valueMaxBytes + 64 * 1024;

/** Characters a key may not hold (Claude's rule): whitespace is checked separately. */
export const STORAGE_KEY_FORBIDDEN = ['/', '\\', "'", '"', '`'] as const;

export const RUNTIME_MESSAGES = {
  keyEmpty: 'A storage key cannot be empty.',
  keyTooLong: `A storage key can have at most ${RUNTIME_LIMITS.keyMaxChars} characters.`,
  keyWhitespace: 'A storage key cannot contain spaces or other whitespace.',
  keyForbidden: 'A storage key cannot contain / \\ \' " or ` characters.',
  prefixInvalid: `A prefix can have at most ${RUNTIME_LIMITS.keyMaxChars} characters.`,
  valueNotString: 'A stored value must be a string (use JSON.stringify for other data).',
  valueTooLarge: 'This value is larger than 5 MB, the most one storage key can hold.',
  quotaExceeded: 'This storage is full: it can hold at most 20 MB. Delete some keys and try again.',
  keyNotFound: 'No value is stored under this key.',
  scopeInvalid: 'Storage is either "personal" or "shared".',
  signInRequired: 'Sign in to keep personal data of this artifact on your account.',
  anonymousWritesOff:
    'Sign in to change the shared data of this artifact: its owner only lets signed-in viewers write.',
  rateLimited: (seconds: number) =>
    `This artifact is making too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  promptRequired: 'Send either a prompt or a list of messages.',
  promptTooLong: `A prompt can have at most ${RUNTIME_LIMITS.promptMaxChars.toLocaleString('en-US')} characters.`,
  tooManyMessages: `A request can have at most ${RUNTIME_LIMITS.messagesMax} messages.`,
  messagesTooLong: `Messages can have at most ${RUNTIME_LIMITS.messagesMaxChars.toLocaleString('en-US')} characters together.`,
  aiNotConfigured: 'AI calls are not configured on this vault.',
  aiCallsOff: 'The owner of this artifact has turned AI calls off.',
  aiQuotaViewer: 'You have used all AI calls for today. They reset at midnight UTC.',
  aiQuotaArtifact: 'This artifact has used all its AI calls for today. They reset at midnight UTC.',
  aiProviderFailed: 'The AI model could not answer right now. Please try again.',
  settingsEmpty: 'Nothing to change: send anonymousSharedWrites or aiCalls.',
} as const;

export const storageScopeSchema = z.enum(['personal', 'shared'], { error: RUNTIME_MESSAGES.scopeInvalid });
export type StorageScope = z.infer<typeof storageScopeSchema>;

/**
 * Which rule a key breaks, or null. A loop over characters, no pattern: nothing to backtrack on
 * untrusted text. Length counts UTF-16 code units, as `key.length` does in the artifact.
 */
export function storageKeyProblem(key: string): string | null {
  if (key.length === 0) return RUNTIME_MESSAGES.keyEmpty;
  if (key.length > RUNTIME_LIMITS.keyMaxChars) return RUNTIME_MESSAGES.keyTooLong;
  for (const ch of key) {
    if (/\s/u.test(ch)) return RUNTIME_MESSAGES.keyWhitespace;
    if ((STORAGE_KEY_FORBIDDEN as readonly string[]).includes(ch)) return RUNTIME_MESSAGES.keyForbidden;
  }
  return null;
}

export const storageParamsSchema = z.object({ id: z.string(), scope: storageScopeSchema });
export const storageKeyParamsSchema = storageParamsSchema.extend({ key: z.string() });

export const listStorageQuerySchema = z.object({
  prefix: z.string().max(RUNTIME_LIMITS.keyMaxChars, RUNTIME_MESSAGES.prefixInvalid).optional(),
});
export type ListStorageQuery = z.infer<typeof listStorageQuerySchema>;

/** Size is checked by the service (413, in UTF-8 bytes), not here (a 400). */
export const setStorageBodySchema = z.object({
  value: z.string({ error: RUNTIME_MESSAGES.valueNotString }),
});
export type SetStorageBody = z.infer<typeof setStorageBodySchema>;

export const storageListSchema = z.object({
  keys: z.array(z.string()),
  prefix: z.string().nullable(),
  shared: z.boolean(),
});
export type StorageList = z.infer<typeof storageListSchema>;

export const storageItemSchema = z.object({ key: z.string(), value: z.string(), shared: z.boolean() });
export type StorageItem = z.infer<typeof storageItemSchema>;

export const storageDeletedSchema = z.object({ key: z.string(), deleted: z.boolean(), shared: z.boolean() });
export type StorageDeleted = z.infer<typeof storageDeletedSchema>;

export const runtimeSettingsSchema = z.object({
  /** Anonymous viewers may write the shared store (off by default). */
  anonymousSharedWrites: z.boolean(),
  /** The owner's switch for window.claude.complete (on by default). */
  aiCalls: z.boolean(),
});
export type RuntimeSettings = z.infer<typeof runtimeSettingsSchema>;

export const RUNTIME_DEFAULT_SETTINGS: RuntimeSettings = { anonymousSharedWrites: false, aiCalls: true };

export const updateRuntimeSettingsBodySchema = z
  .strictObject({ anonymousSharedWrites: z.boolean().optional(), aiCalls: z.boolean().optional() })
  .refine(
    (b) => b.anonymousSharedWrites !== undefined || b.aiCalls !== undefined,
    RUNTIME_MESSAGES.settingsEmpty,
  );
export type UpdateRuntimeSettingsBody = z.infer<typeof updateRuntimeSettingsBodySchema>;

export const runtimeOverviewSchema = z.object({
  settings: runtimeSettingsSchema,
  storage: z.object({
    sharedKeys: z.number().int(),
    sharedBytes: z.number().int(),
    /** Signed-in viewers with personal data in this artifact. */
    personalViewers: z.number().int(),
    personalBytes: z.number().int(),
  }),
  ai: z.object({ configured: z.boolean(), callsToday: z.number().int() }),
});
export type RuntimeOverview = z.infer<typeof runtimeOverviewSchema>;

const textBlockSchema = z.object({ type: z.literal('text'), text: z.string() });
const messageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.union([z.string(), z.array(textBlockSchema).min(1).max(RUNTIME_LIMITS.messagesMax)]),
});
export type CompleteMessage = z.infer<typeof messageSchema>;

/**
 * `window.claude.complete(prompt)`, or an Anthropic Messages-like body. Unknown fields (`model`,
 * `temperature`…) are ignored: the operator picks the model.
 */
export const completeBodySchema = z
  .object({
    prompt: z.string().max(RUNTIME_LIMITS.promptMaxChars, RUNTIME_MESSAGES.promptTooLong).optional(),
    messages: z
      .array(messageSchema)
      .min(1)
      .max(RUNTIME_LIMITS.messagesMax, RUNTIME_MESSAGES.tooManyMessages)
      .optional(),
    system: z.string().max(RUNTIME_LIMITS.promptMaxChars, RUNTIME_MESSAGES.promptTooLong).optional(),
    max_tokens: z.number().int().min(1).max(RUNTIME_LIMITS.maxTokensMax).optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.prompt === undefined) === (b.messages === undefined) || b.prompt?.trim() === '')
      return void ctx.addIssue({ code: 'custom', message: RUNTIME_MESSAGES.promptRequired });
    const texts = (b.messages ?? []).flatMap((m) =>
      typeof m.content === 'string' ? [m.content] : m.content.map((c) => c.text),
    );
    const total = texts.reduce((n, t) => n + t.length, b.system?.length ?? 0);
    if (total > RUNTIME_LIMITS.messagesMaxChars)
      ctx.addIssue({ code: 'custom', path: ['messages'], message: RUNTIME_MESSAGES.messagesTooLong });
  });
export type CompleteBody = z.infer<typeof completeBodySchema>;

export const completeResultSchema = z.object({
  text: z.string(),
  model: z.string(),
  stopReason: z.string().nullable(),
  usage: z.object({ inputTokens: z.number().int(), outputTokens: z.number().int() }),
});
export type CompleteResult = z.infer<typeof completeResultSchema>;

/** One artifact's runtime data in an export (absent when it has none; older exports have none). */
export const exportedRuntimeSchema = z.object({
  settings: runtimeSettingsSchema.partial().optional(),
  shared: z.array(z.object({ key: z.string(), value: z.string() })).optional(),
  /** The exporting owner's own personal data in their artifact. */
  personal: z.array(z.object({ key: z.string(), value: z.string() })).optional(),
});
export type ExportedRuntime = z.infer<typeof exportedRuntimeSchema>;
