import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';

/** One request the fake model server received. */
export interface ModelServerRequest {
  protocol: 'anthropic' | 'openai';
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface FakeModelServer {
  /** `http://127.0.0.1:<port>`: what AI_BASE_URL points at. */
  url: string;
  /** Every request so far, oldest first. */
  requests: ModelServerRequest[];
  /**
   * What the next requests get: `reply` (the default: "echo: <last user text>"), or a failure —
   * an HTTP status with a body that must never reach the caller, or a hang past any timeout.
   */
  respondWith(mode: FakeModelMode): void;
  close(): Promise<void>;
}

export type FakeModelMode =
  | { kind: 'reply'; text?: string }
  | { kind: 'status'; status: number }
  | { kind: 'hang' }
  | { kind: 'garbage' };

/** A body the provider sends on failure: tests check it never reaches the client. */
export const FAKE_MODEL_SECRET_ERROR = 'fake-provider-internal-detail';

const lastUserText = (messages: unknown): string => {
  if (!Array.isArray(messages)) return '';
  const user = [...messages].reverse().find((m: { role?: unknown }) => m?.role === 'user') as
    { content?: unknown } | undefined;
  const content = user?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content.map((c: { text?: unknown }) => (typeof c?.text === 'string' ? c.text : '')).join('');
  return '';
};

/**
 * A local model provider for tests (no model is reachable from build machines): a node:http
 * server speaking both wire protocols the artifacts service calls — the Anthropic Messages API
 * (`POST /v1/messages`) and OpenAI chat completions (`POST /v1/chat/completions`, as llama.cpp
 * and Ollama serve it). It records every request (headers included, so a test can check the key
 * went to the provider) and answers "echo: <last user message>" unless told otherwise.
 * Start it, then point `AI_PROVIDER` and `AI_BASE_URL` of the artifacts service at it.
 */
export async function startFakeModelServer(model = 'fake-model-1'): Promise<FakeModelServer> {
  const requests: ModelServerRequest[] = [];
  let mode: FakeModelMode = { kind: 'reply' };
  const hanging = new Set<() => void>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const protocol =
        path === '/v1/messages' ? 'anthropic' : path === '/v1/chat/completions' ? 'openai' : null;
      if (req.method !== 'POST' || !protocol) return void res.writeHead(404).end('not found');
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return void res.writeHead(400).end('bad json');
      }
      requests.push({ protocol, path, headers: req.headers, body });
      if (mode.kind === 'hang') {
        const end = () => res.destroy();
        hanging.add(end);
        res.on('close', () => hanging.delete(end));
        return;
      }
      if (mode.kind === 'status')
        return void res
          .writeHead(mode.status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: FAKE_MODEL_SECRET_ERROR } }));
      if (mode.kind === 'garbage')
        return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"nothing":"here"}');
      const text = mode.text ?? `echo: ${lastUserText(body['messages'])}`;
      const answer =
        protocol === 'anthropic'
          ? {
              id: 'msg_fake',
              type: 'message',
              role: 'assistant',
              model,
              content: [{ type: 'text', text }],
              stop_reason: 'end_turn',
              usage: { input_tokens: 11, output_tokens: 7 },
            }
          : {
              id: 'chatcmpl-fake',
              object: 'chat.completion',
              model,
              choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
              usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 },
            };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respondWith: (next) => {
      mode = next;
    },
    close: async () => {
      for (const end of hanging) end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
