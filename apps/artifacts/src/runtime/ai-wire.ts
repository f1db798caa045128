import { type CompleteBody, type CompleteResult } from '@core-vault/contracts';

/** A completion request in neutral form: what both wire protocols are built from. */
export interface ModelRequest {
  model: string;
  maxTokens: number;
  system: string | null;
  messages: { role: 'user' | 'assistant'; content: string }[];
}

/** An HTTP request to the provider (the key is added by the caller, never kept here). */
export interface WireRequest {
  path: string;
  body: unknown;
}

/** The caller's body as a neutral request: a prompt is one user message; text blocks are joined. */
export function toModelRequest(body: CompleteBody, model: string, maxOutputTokens: number): ModelRequest {
  const messages =
    body.prompt !== undefined
      ? [{ role: 'user' as const, content: body.prompt }]
      : (body.messages ?? []).map((m) => ({
          role: m.role,
          content: typeof m.content === 'string' ? m.content : m.content.map((c) => c.text).join('\n'),
        }));
  return {
    model,
    // The caller may ask for fewer tokens than the operator allows, never more.
    maxTokens: Math.min(body.max_tokens ?? maxOutputTokens, maxOutputTokens),
    system: body.system ?? null,
    messages,
  };
}

/** Anthropic Messages API: `POST /v1/messages`. */
export function anthropicRequest(r: ModelRequest): WireRequest {
  return {
    path: '/v1/messages',
    body: {
      model: r.model,
      max_tokens: r.maxTokens,
      ...(r.system !== null ? { system: r.system } : {}),
      messages: r.messages,
    },
  };
}

/** OpenAI chat completions (llama.cpp, Ollama, vLLM…): `POST /v1/chat/completions`. */
export function openAiRequest(r: ModelRequest): WireRequest {
  return {
    path: '/v1/chat/completions',
    body: {
      model: r.model,
      max_tokens: r.maxTokens,
      stream: false,
      messages: [...(r.system !== null ? [{ role: 'system', content: r.system }] : []), ...r.messages],
    },
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const count = (v: unknown): number =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0;

/** The answer of the Messages API, or null when it is not one (treated as a provider failure). */
export function fromAnthropic(body: unknown, fallbackModel: string): CompleteResult | null {
  if (!isRecord(body) || !Array.isArray(body['content'])) return null;
  const text = body['content']
    .filter(
      (b): b is { type: 'text'; text: string } =>
        isRecord(b) && b['type'] === 'text' && typeof b['text'] === 'string',
    )
    .map((b) => b.text)
    .join('');
  const usage = isRecord(body['usage']) ? body['usage'] : {};
  return {
    text,
    model: typeof body['model'] === 'string' ? body['model'] : fallbackModel,
    stopReason: typeof body['stop_reason'] === 'string' ? body['stop_reason'] : null,
    usage: { inputTokens: count(usage['input_tokens']), outputTokens: count(usage['output_tokens']) },
  };
}

/** OpenAI's `finish_reason`, in the Messages API's words (the client sees one vocabulary). */
const STOP_REASONS: Record<string, string> = {
  stop: 'end_turn',
  length: 'max_tokens',
  content_filter: 'refusal',
  tool_calls: 'tool_use',
};

/** The answer of a chat completions endpoint, or null when it is not one. */
export function fromOpenAi(body: unknown, fallbackModel: string): CompleteResult | null {
  if (!isRecord(body) || !Array.isArray(body['choices'])) return null;
  const choice: unknown = body['choices'][0];
  if (!isRecord(choice) || !isRecord(choice['message'])) return null;
  const content = choice['message']['content'];
  if (typeof content !== 'string' && content !== null) return null;
  const reason = choice['finish_reason'];
  const usage = isRecord(body['usage']) ? body['usage'] : {};
  return {
    text: content ?? '',
    model: typeof body['model'] === 'string' ? body['model'] : fallbackModel,
    stopReason: typeof reason === 'string' ? (STOP_REASONS[reason] ?? reason) : null,
    usage: { inputTokens: count(usage['prompt_tokens']), outputTokens: count(usage['completion_tokens']) },
  };
}
