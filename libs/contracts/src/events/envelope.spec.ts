import { eventEnvelopeSchema, isValidTopicName, parseTopicName } from './envelope';
import { productEventCatalog } from './catalog';
import { Topic, deadLetterTopic } from './topics';

describe('topic names', () => {
  it.each([
    ['billing.trial-started.v1', true],
    ['artifacts.artifact-viewed.v12', true],
    ['billing.trial-started', false],
    ['Billing.trial-started.v1', false],
    ['billing.trial_started.v1', false],
    ['billing.trial-started.v0', false],
    ['billing..v1', false],
  ])('%s valid=%s', (name, valid) => {
    expect(isValidTopicName(name)).toBe(valid);
  });

  it('every product topic follows <context>.<event>.v<n>', () => {
    for (const topic of Object.values(Topic)) expect(isValidTopicName(topic)).toBe(true);
  });

  it('splits type and version', () => {
    expect(parseTopicName('billing.trial-started.v2')).toEqual({ type: 'billing.trial-started', version: 2 });
    expect(() => parseTopicName('nope')).toThrow('Invalid topic name');
  });

  it('names the dead-letter topic after the topic', () => {
    expect(deadLetterTopic(Topic.TrialStarted)).toBe('billing.trial-started.v1.dlq');
  });
});

describe('event envelope', () => {
  const valid = {
    id: 'evt-1',
    type: 'billing.trial-started',
    version: 1,
    occurredAt: '2026-11-22T10:00:00.000Z',
    producer: 'billing',
    key: 'user-1',
    data: {},
  };

  it('accepts a complete envelope', () => {
    expect(eventEnvelopeSchema.safeParse(valid).success).toBe(true);
  });

  it.each(['id', 'type', 'version', 'occurredAt', 'producer', 'key'])('rejects a missing %s', (field) => {
    const broken: Record<string, unknown> = { ...valid };
    delete broken[field];
    expect(eventEnvelopeSchema.safeParse(broken).success).toBe(false);
  });

  it('rejects unknown fields', () => {
    expect(eventEnvelopeSchema.safeParse({ ...valid, extra: 1 }).success).toBe(false);
  });
});

describe('product event catalog', () => {
  it('has a schema for every topic', () => {
    expect([...productEventCatalog.topics].sort()).toEqual(Object.values(Topic).sort());
  });

  it('checks payloads at runtime', () => {
    const schema = productEventCatalog.schemaFor(Topic.ArtifactShared);
    expect(schema.safeParse({ artifactId: 'a', ownerId: 'u', channel: 'embed' }).success).toBe(true);
    expect(schema.safeParse({ artifactId: 'a', ownerId: 'u', channel: 'fax' }).success).toBe(false);
  });
});
