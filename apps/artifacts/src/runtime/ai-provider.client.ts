import { Inject, Injectable } from '@nestjs/common';
import { type Logger } from 'pino';
import { type CompleteBody, type CompleteResult } from '@core-vault/contracts';
import { APP_CONFIG, LOGGER } from '@core-vault/platform';
import { type ArtifactsConfig } from '../config';
import { aiConfigured } from './ai-config';
import { anthropicRequest, fromAnthropic, fromOpenAi, openAiRequest, toModelRequest } from './ai-wire';
import { RuntimeException } from './runtime.exception';

/**
 * Calls the model provider the operator configured with plain fetch and a time limit. Whatever
 * goes wrong there (network, timeout, a non-2xx, a body that is not an answer) is one 502 for the
 * caller: the provider's body and the key never leave this class, and only the status is logged.
 */
@Injectable()
export class AiProviderClient {
  constructor(
    @Inject(APP_CONFIG) private readonly config: ArtifactsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  get configured(): boolean {
    return aiConfigured(this.config);
  }

  async complete(body: CompleteBody): Promise<CompleteResult> {
    const c = this.config;
    if (!this.configured || !c.AI_BASE_URL || !c.AI_MODEL) throw RuntimeException.aiNotConfigured();
    const request = toModelRequest(body, c.AI_MODEL, c.AI_MAX_OUTPUT_TOKENS);
    const anthropic = c.AI_PROVIDER === 'anthropic';
    const wire = anthropic ? anthropicRequest(request) : openAiRequest(request);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (anthropic) {
      headers['anthropic-version'] = '2023-06-01';
      if (c.AI_API_KEY) headers['x-api-key'] = c.AI_API_KEY;
    } else if (c.AI_API_KEY) headers['authorization'] = `Bearer ${c.AI_API_KEY}`;

    const url = `${c.AI_BASE_URL.replace(/\/+$/, '')}${wire.path}`;
    const started = Date.now();
    let answer: unknown;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(wire.body),
        signal: AbortSignal.timeout(c.AI_TIMEOUT_MS),
      });
      if (!res.ok) {
        // Drained, not read into the log: an error body may echo the request.
        await res.body?.cancel();
        this.logger.warn({ provider: c.AI_PROVIDER, status: res.status }, 'AI provider refused a call');
        throw RuntimeException.aiProviderFailed();
      }
      answer = await res.json();
    } catch (err) {
      if (err instanceof RuntimeException) throw err;
      const reason = err instanceof Error ? err.name : 'unknown';
      this.logger.warn(
        { provider: c.AI_PROVIDER, reason, ms: Date.now() - started },
        'AI provider call failed',
      );
      throw RuntimeException.aiProviderFailed();
    }
    const result = anthropic ? fromAnthropic(answer, c.AI_MODEL) : fromOpenAi(answer, c.AI_MODEL);
    if (!result) {
      this.logger.warn(
        { provider: c.AI_PROVIDER },
        'AI provider answered something that is not a completion',
      );
      throw RuntimeException.aiProviderFailed();
    }
    return result;
  }
}
