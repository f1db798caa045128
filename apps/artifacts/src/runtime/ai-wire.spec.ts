import { completeBodySchema } from '@core-vault/contracts';
import { anthropicRequest, fromAnthropic, fromOpenAi, openAiRequest, toModelRequest } from './ai-wire';

const body = (input: unknown) => completeBodySchema.parse(input);

describe('the caller’s body as a model request', () => {
  it('makes a prompt one user message, with the operator’s model and output limit', () => {
    expect(toModelRequest(body({ prompt: 'hi', model: 'theirs' }), 'ours', 1024)).toEqual({
      model: 'ours',
      maxTokens: 1024,
      system: null,
      messages: [{ role: 'user', content: 'hi' }],
    });
  });

  it('joins text blocks, keeps roles and system, and never raises max_tokens past the operator’s', () => {
    const r = toModelRequest(
      body({
        system: 's',
        max_tokens: 5000,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'a' },
              { type: 'text', text: 'b' },
            ],
          },
          { role: 'assistant', content: 'c' },
        ],
      }),
      'm',
      1000,
    );
    expect(r).toEqual({
      model: 'm',
      maxTokens: 1000,
      system: 's',
      messages: [
        { role: 'user', content: 'a\nb' },
        { role: 'assistant', content: 'c' },
      ],
    });
    expect(toModelRequest(body({ prompt: 'x', max_tokens: 10 }), 'm', 1000).maxTokens).toBe(10);
  });

  it('refuses neither or both of prompt and messages, and oversized text', () => {
    expect(completeBodySchema.safeParse({}).success).toBe(false);
    expect(
      completeBodySchema.safeParse({ prompt: 'a', messages: [{ role: 'user', content: 'b' }] }).success,
    ).toBe(false);
    expect(completeBodySchema.safeParse({ prompt: '   ' }).success).toBe(false);
    expect(completeBodySchema.safeParse({ prompt: 'x'.repeat(200_001) }).success).toBe(false);
    expect(completeBodySchema.safeParse({ messages: [{ role: 'system', content: 'x' }] }).success).toBe(
      false,
    );
  });
});

describe('wire protocols', () => {
  const request = {
    model: 'm',
    maxTokens: 7,
    system: 'sys',
    messages: [{ role: 'user' as const, content: 'q' }],
  };

  it('Anthropic Messages: /v1/messages, system at the top level', () => {
    expect(anthropicRequest(request)).toEqual({
      path: '/v1/messages',
      body: { model: 'm', max_tokens: 7, system: 'sys', messages: [{ role: 'user', content: 'q' }] },
    });
    expect(anthropicRequest({ ...request, system: null }).body).not.toHaveProperty('system');
  });

  it('OpenAI chat completions: /v1/chat/completions, system as the first message, no streaming', () => {
    expect(openAiRequest(request)).toEqual({
      path: '/v1/chat/completions',
      body: {
        model: 'm',
        max_tokens: 7,
        stream: false,
        messages: [
          { role: 'system', content: 'sys' },
          { role: 'user', content: 'q' },
        ],
      },
    });
  });

  it('reads an Anthropic answer: text blocks joined, stop reason and usage', () => {
    expect(
      fromAnthropic(
        {
          model: 'claude-x',
          content: [
            { type: 'text', text: 'Hel' },
            { type: 'tool_use', id: 't' },
            { type: 'text', text: 'lo' },
          ],
          stop_reason: 'max_tokens',
          usage: { input_tokens: 3, output_tokens: 2 },
        },
        'fallback',
      ),
    ).toEqual({
      text: 'Hello',
      model: 'claude-x',
      stopReason: 'max_tokens',
      usage: { inputTokens: 3, outputTokens: 2 },
    });
  });

  it('reads an OpenAI answer, finish reasons in the Messages API’s words', () => {
    expect(
      fromOpenAi(
        {
          choices: [{ message: { role: 'assistant', content: 'Hi' }, finish_reason: 'length' }],
          usage: { prompt_tokens: 4, completion_tokens: 1 },
        },
        'llama',
      ),
    ).toEqual({
      text: 'Hi',
      model: 'llama',
      stopReason: 'max_tokens',
      usage: { inputTokens: 4, outputTokens: 1 },
    });
    expect(
      fromOpenAi({ choices: [{ message: { content: 'x' }, finish_reason: 'stop' }] }, 'm')?.stopReason,
    ).toBe('end_turn');
  });

  it('takes anything else for a failure (null), not for an empty answer', () => {
    for (const answer of [
      null,
      'text',
      {},
      { content: 'x' },
      { choices: [] },
      { choices: [{ message: { content: 3 } }] },
    ]) {
      expect(fromAnthropic(answer, 'm') ?? fromOpenAi(answer, 'm')).toBeNull();
    }
  });
});
