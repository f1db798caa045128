/**
 * A model server for the Claude-runtime suite: answers the Anthropic Messages wire protocol
 * (`POST /v1/messages`) on loopback, so the artifacts service can be pointed at it with
 * `AI_PROVIDER=anthropic AI_BASE_URL=http://127.0.0.1:<port>` (no model is reachable from the
 * build machines). It records every request, so the suite can tell the vault sent its key to the
 * provider. Answers are chosen by a substring of the prompt (each corpus item says which).
 */
import { once } from 'node:events';
import { type IncomingMessage, type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';

export interface ModelRequest {
  path: string;
  apiKey: string | null;
  version: string | null;
  /** The user turns' text, joined (what answers are matched on). */
  prompt: string;
}

export interface FakeModel {
  url: string;
  requests: ModelRequest[];
  stop(): Promise<void>;
}

/** The default answer, for prompts no item claims. */
export const FAKE_ANSWER = 'cv-fake-model says hello';

const MAX_BODY = 2_000_000;

async function readBody(req: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

type Content = string | { type?: string; text?: string }[];

function textOf(content: Content | undefined): string {
  if (typeof content === 'string') return content;
  return (content ?? [])
    .map((b) => (b.type === 'text' && typeof b.text === 'string' ? b.text : ''))
    .join('\n');
}

export async function startFakeModel(
  answers: { promptIncludes: string; answer: string }[],
): Promise<FakeModel> {
  const requests: ModelRequest[] = [];
  const server: Server = createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/messages')
      return reply(404, { type: 'error', error: { type: 'not_found_error', message: 'not found' } });
    readBody(req)
      .then((raw) => {
        const body = JSON.parse(raw) as {
          model?: string;
          system?: Content;
          messages?: { role: string; content: Content }[];
        };
        const prompt = [textOf(body.system), ...(body.messages ?? []).map((m) => textOf(m.content))].join(
          '\n',
        );
        requests.push({
          path: req.url ?? '',
          apiKey: (req.headers['x-api-key'] as string | undefined) ?? null,
          version: (req.headers['anthropic-version'] as string | undefined) ?? null,
          prompt,
        });
        const text = answers.find((a) => prompt.includes(a.promptIncludes))?.answer ?? FAKE_ANSWER;
        reply(200, {
          id: `msg_fake_${requests.length}`,
          type: 'message',
          role: 'assistant',
          model: body.model ?? 'fake-model',
          content: [{ type: 'text', text }],
          stop_reason: 'end_turn',
          stop_sequence: null,
          usage: { input_tokens: Math.ceil(prompt.length / 4), output_tokens: Math.ceil(text.length / 4) },
        });
      })
      .catch((err: Error) =>
        reply(400, { type: 'error', error: { type: 'invalid_request_error', message: err.message } }),
      );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
