import { eventEnvelopeSchema } from './envelope';
import { eventFastChecks } from './fast-checks';
import { eventPayloadSchemas } from './payloads';
import { Topic } from './topics';

// A fast check may refuse what zod accepts (zod then decides), never accept what zod refuses, and
// what it accepts must be zod's output as it is. Each field is tried at every length up to past
// its schema's bounds, so a bound changed in the schema and not here fails this spec.
const topic = Topic.ArtifactViewed;
const fast = eventFastChecks[topic]!;
const zodOf = eventEnvelopeSchema.extend({ data: eventPayloadSchemas[topic] });

type Json = Record<string, unknown>;
const valid = (): Json => ({
  id: '5b4f3c1e-2f0a-4c7e-9d59-0c8f2a6b7e11',
  type: 'artifacts.artifact-viewed',
  version: 1,
  occurredAt: '2026-11-30T01:02:03.456Z',
  producer: 'gateway',
  key: 'art-1',
  traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
  data: {
    artifactId: 'art-1',
    viewedAt: '2026-11-30T01:02:03Z',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    sessionId: 's-1',
    referrer: 'https://example.com/post',
    embed: true,
    viewerId: 'user-1',
  },
});

function expectSound(candidate: unknown, label: string): boolean {
  const accepted = fast(candidate);
  const parsed = zodOf.safeParse(candidate);
  if (accepted) {
    expect({ label, zod: parsed.success }).toEqual({ label, zod: true });
    expect(parsed.data).toEqual(candidate);
  }
  return accepted === parsed.success;
}

function withField(path: 'envelope' | 'data', field: string, value: unknown): Json {
  const v = valid();
  if (path === 'envelope') v[field] = value;
  else (v['data'] as Json)[field] = value;
  return v;
}

function withoutField(path: 'envelope' | 'data', field: string): Json {
  const v = valid();
  if (path === 'envelope') delete v[field];
  else delete (v['data'] as Json)[field];
  return v;
}

const STRING_FIELDS: ['envelope' | 'data', string][] = [
  ['envelope', 'id'],
  ['envelope', 'type'],
  ['envelope', 'producer'],
  ['envelope', 'key'],
  ['envelope', 'traceparent'],
  ['data', 'artifactId'],
  ['data', 'userAgent'],
  ['data', 'sessionId'],
  ['data', 'referrer'],
  ['data', 'viewerId'],
];
const DATE_FIELDS: ['envelope' | 'data', string][] = [
  ['envelope', 'occurredAt'],
  ['data', 'viewedAt'],
];
const DATES = [
  '2024-02-29T10:00:00Z',
  '2023-02-29T10:00:00Z',
  '2024-01-01T00:00:00.123+05:30',
  '2024-01-01T00:00:00+0530',
  '2024-01-01T24:00:00Z',
  '2024-13-01T00:00:00Z',
  '2024-01-01T00:00Z',
  '2024-01-01',
  '2024-01-01T00:00:00',
  ' 2024-01-01T00:00:00Z',
  '2024-01-01T00:00:00Z\n',
  '',
];
const OTHER_VALUES = [null, 0, -1, 1.5, 2 ** 53, '1', true, false, [], {}, 'x'];

describe('fast event checks', () => {
  it('accept an ordinary artifact-viewed envelope, with and without its optional fields', () => {
    expect(fast(valid())).toBe(true);
    expectSound(valid(), 'valid');
    const bare = valid();
    delete bare['traceparent'];
    for (const f of ['sessionId', 'referrer', 'viewerId']) delete (bare['data'] as Json)[f];
    expect(fast(bare)).toBe(true);
    expectSound(bare, 'without optionals');
  });

  it.each(STRING_FIELDS)('agree with zod on %s.%s at every length up to past its bounds', (path, field) => {
    const disagreements: number[] = [];
    for (let length = 0; length <= 2100; length++)
      if (!expectSound(withField(path, field, 'a'.repeat(length)), `${field}@${length}`))
        disagreements.push(length);
    expect(disagreements).toEqual([]);
  });

  it.each(DATE_FIELDS)('agree with zod on the dates of %s.%s', (path, field) => {
    for (const date of DATES)
      expect(expectSound(withField(path, field, date), `${field}=${date}`)).toBe(true);
  });

  it('never accept a value of another type, a missing field or a field the schema does not name', () => {
    const fields = [...STRING_FIELDS, ...DATE_FIELDS, ['envelope', 'version'], ['data', 'embed']] as const;
    for (const [path, field] of fields) {
      for (const value of OTHER_VALUES)
        expectSound(withField(path, field, value), `${field}=${JSON.stringify(value)}`);
      expect(expectSound(withoutField(path, field), `without ${field}`)).toBe(true);
    }
    for (const version of [1, 2, 0, -1, 1.5, 2 ** 53, Number.MAX_SAFE_INTEGER])
      expect(expectSound(withField('envelope', 'version', version), `version=${version}`)).toBe(true);
    expect(fast(withField('envelope', 'extra', 1))).toBe(false);
    expect(fast(withField('data', 'extra', 1))).toBe(false);
    const proto = JSON.parse(JSON.stringify(valid()).replace('"data":{', '"data":{"__proto__":{},')) as Json;
    expect(expectSound(proto, '__proto__ key')).toBe(true);
    for (const raw of [null, [], 'event', 1, { ...valid(), data: [] }, { ...valid(), data: null }])
      expect(expectSound(raw, JSON.stringify(raw))).toBe(true);
  });
});
