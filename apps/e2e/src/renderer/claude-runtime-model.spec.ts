import { FAKE_ANSWER, type FakeModel, startFakeModel } from './claude-runtime-model';
import { fill, withMarks } from './claude-runtime-items';

describe('the Claude-runtime suite fake model', () => {
  let model: FakeModel;
  beforeAll(async () => {
    model = await startFakeModel([{ promptIncludes: 'listing', answer: '{"title":"T"}' }]);
  });
  afterAll(() => model.stop());

  const ask = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${model.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('answers the Anthropic Messages shape, picking the answer by the prompt, and records the key', async () => {
    const res = await ask(
      { model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: 'write a listing' }] }] },
      { 'x-api-key': 'k1', 'anthropic-version': '2023-06-01' },
    );
    const json = (await res.json()) as Record<string, unknown>;
    expect(res.status).toBe(200);
    expect(json).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'm',
      content: [{ type: 'text', text: '{"title":"T"}' }],
      stop_reason: 'end_turn',
    });
    expect(model.requests.at(-1)).toMatchObject({ apiKey: 'k1', version: '2023-06-01' });
    const other = (await (await ask({ messages: [{ role: 'user', content: 'hi' }] })).json()) as {
      content: { text: string }[];
    };
    expect(other.content[0]!.text).toBe(FAKE_ANSWER);
  });

  it('refuses other paths and bad JSON with an Anthropic-style error', async () => {
    expect((await fetch(`${model.url}/v1/complete`, { method: 'POST' })).status).toBe(404);
    const bad = await fetch(`${model.url}/v1/messages`, { method: 'POST', body: '{' });
    expect(bad.status).toBe(400);
  });
});

describe('runtime corpus placeholders', () => {
  it('fills every {{marker}} and {{count}} of an interaction, its before steps included', () => {
    const marks = { marker: 'cvA123', count: '3' };
    expect(fill('{{marker}}-{{marker}} x{{count}}', marks)).toBe('cvA123-cvA123 x3');
    const filled = withMarks(
      {
        action: 'click',
        selector: 'button',
        before: [{ action: 'fill', selector: '#n', value: 'note {{marker}}' }],
        expect: { selector: '#s', change: 'text' },
      },
      marks,
    );
    expect(filled.before![0]!.value).toBe('note cvA123');
    expect(filled.value).toBeUndefined();
  });
});
