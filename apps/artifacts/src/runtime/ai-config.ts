import { z } from 'zod';
import { httpUrl, secret } from '@core-vault/platform';

/**
 * The model provider behind `window.claude.complete` (docs/reference/artifact-runtime.md). Off unless the
 * operator names one: `anthropic` (the Messages API) or `openai` (any OpenAI-compatible chat
 * completions endpoint: llama.cpp, Ollama, vLLM, OpenAI itself).
 */
export const aiConfigShape = {
  AI_PROVIDER: z.enum(['anthropic', 'openai', 'none']).default('none'),
  /** Without the `/v1/...` path: `https://api.anthropic.com`, `http://127.0.0.1:8080`. */
  AI_BASE_URL: httpUrl.optional(),
  /** Sent to the provider only; never logged, never answered. Optional for local OpenAI-compatible servers. */
  AI_API_KEY: secret(z.string().min(1).max(500)).optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  AI_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(1).max(64_000).default(1_024),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(60_000),
  /** Per viewer (user id, else client address) per UTC day, across artifacts. */
  AI_CALLS_PER_VIEWER_PER_DAY: z.coerce.number().int().min(0).max(1_000_000).default(100),
  /** Per artifact per UTC day, all viewers together: bounds what one popular artifact costs. */
  AI_CALLS_PER_ARTIFACT_PER_DAY: z.coerce.number().int().min(0).max(10_000_000).default(1_000),
};

export interface AiConfig {
  AI_PROVIDER: 'anthropic' | 'openai' | 'none';
  AI_BASE_URL?: string | undefined;
  AI_API_KEY?: string | undefined;
  AI_MODEL?: string | undefined;
  AI_MAX_OUTPUT_TOKENS: number;
  AI_TIMEOUT_MS: number;
  AI_CALLS_PER_VIEWER_PER_DAY: number;
  AI_CALLS_PER_ARTIFACT_PER_DAY: number;
}

/** A provider the service can call: named, with an address and a model. */
export function aiConfigured(c: AiConfig): boolean {
  return c.AI_PROVIDER !== 'none' && Boolean(c.AI_BASE_URL) && Boolean(c.AI_MODEL);
}
