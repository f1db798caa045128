import { randomUUID } from 'node:crypto';
import { type z } from 'zod';
import { requestContext } from '../logging/request-context';
import {
  type AnyEventCatalog,
  type EventCatalog,
  type EventEnvelope,
  type EventPayloads,
  type Topic,
  eventEnvelopeSchema,
  parseTopicName,
  productEventCatalog,
} from '@core-vault/contracts';

/** A validated event waiting to be published, as stored in an aggregate's outbox. */
export interface OutboxEntry {
  topic: string;
  envelope: EventEnvelope;
}

export class EventValidationError extends Error {
  override readonly name = 'EventValidationError';
}

export interface CreateEventOptions {
  key: string;
  id?: string;
  occurredAt?: Date;
  traceparent?: string;
}

/**
 * Builds envelopes for one producing service. Payloads are checked against the topic's schema
 * here, at production time, so an invalid event never reaches the outbox or the broker. `K`
 * narrows the topics it may create, and `topics`, when given, holds it to them at run time too
 * (see `contextEvents` and `topicEvents`).
 */
export class EventFactory<M extends Record<string, unknown>, K extends keyof M & string = keyof M & string> {
  private readonly allowed: ReadonlySet<string> | undefined;

  constructor(
    private readonly catalog: EventCatalog<M>,
    private readonly producer: string,
    topics?: readonly K[],
  ) {
    this.allowed = topics && new Set(topics);
  }

  create<T extends K>(topic: T, data: M[T], options: CreateEventOptions): OutboxEntry {
    if (!this.catalog.has(topic)) throw new EventValidationError(`Unknown topic "${String(topic)}"`);
    if (this.allowed && !this.allowed.has(topic))
      throw new EventValidationError(`${this.producer} does not produce ${topic}`);
    const parsed = this.catalog.schemaFor(topic).safeParse(data);
    if (!parsed.success) {
      throw new EventValidationError(
        `Invalid ${topic} payload: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
      );
    }
    const { type, version } = parseTopicName(topic);
    // An event produced while handling a request or another event continues that trace.
    const traceparent = options.traceparent ?? requestContext.getStore()?.traceparent;
    const envelope: EventEnvelope = {
      id: options.id ?? randomUUID(),
      type,
      version,
      occurredAt: (options.occurredAt ?? new Date()).toISOString(),
      producer: this.producer,
      key: options.key,
      data: parsed.data,
      ...(traceparent ? { traceparent } : {}),
    };
    return { topic, envelope };
  }
}

/** The product topics a bounded context owns: the first segment of a topic's name. */
export type ContextTopic<C extends string> = Extract<Topic, `${C}.${string}`>;

/**
 * The typed event factory of one producing context: it creates that context's topics only, so an
 * event of another context (or a payload of another topic) does not compile, and is refused at
 * run time should a cast get it past the compiler.
 */
export function contextEvents<C extends string>(
  context: C,
  producer: string = context,
): EventFactory<EventPayloads, ContextTopic<C>> {
  const owned = (topic: Topic): topic is ContextTopic<C> => topic.startsWith(`${context}.`);
  return new EventFactory(productEventCatalog, producer, productEventCatalog.topics.filter(owned));
}

/**
 * A typed event factory for exactly the listed topics, for a producer that publishes a topic of
 * a context it is not (the gateway's artifacts.artifact-viewed.v1): it may create those and no
 * other, so its reach stays as narrow as a context's own factory.
 */
export function topicEvents<T extends Topic>(
  producer: string,
  topics: readonly T[],
): EventFactory<EventPayloads, T> {
  return new EventFactory(productEventCatalog, producer, topics);
}

export type DecodeResult = { ok: true; envelope: EventEnvelope } | { ok: false; reason: string };

/** Envelope and payload schema of a topic as one object schema: one validation pass a message. */
const topicSchemas = new WeakMap<AnyEventCatalog, Map<string, z.ZodType<EventEnvelope>>>();

function topicSchema(catalog: AnyEventCatalog, topic: string): z.ZodType<EventEnvelope> {
  let byTopic = topicSchemas.get(catalog);
  if (!byTopic) {
    byTopic = new Map<string, z.ZodType<EventEnvelope>>();
    topicSchemas.set(catalog, byTopic);
  }
  let schema = byTopic.get(topic);
  if (!schema) {
    schema = eventEnvelopeSchema.extend({ data: catalog.schemaFor(topic) });
    byTopic.set(topic, schema);
  }
  return schema;
}

/** The consumer side of the same check: envelope shape, topic/type agreement, payload schema. */
export function decodeEvent(
  catalog: AnyEventCatalog,
  topic: string,
  value: Buffer | string | null,
): DecodeResult {
  if (value === null) return { ok: false, reason: 'empty message' };
  let raw: unknown;
  try {
    raw = JSON.parse(value.toString());
  } catch {
    return { ok: false, reason: 'message is not valid JSON' };
  }
  if (!catalog.has(topic)) return explain(catalog, topic, raw);
  // Fastest path: a hot topic's check accepts only what its schema would accept unchanged.
  if (catalog.fastCheckFor(topic)?.(raw) && `${raw.type}.v${String(raw.version)}` === topic)
    return { ok: true, envelope: raw };
  // Fast path: a valid event on its own topic passes one combined schema.
  const parsed = topicSchema(catalog, topic).safeParse(raw);
  if (parsed.success && `${parsed.data.type}.v${String(parsed.data.version)}` === topic)
    return { ok: true, envelope: parsed.data };
  return explain(catalog, topic, raw);
}

/** Why a message is not a valid event of the topic: envelope first, then topic, then payload. */
function explain(catalog: AnyEventCatalog, topic: string, raw: unknown): DecodeResult {
  const envelope = eventEnvelopeSchema.safeParse(raw);
  if (!envelope.success)
    return { ok: false, reason: `invalid envelope: ${envelope.error.issues[0]?.message ?? 'bad shape'}` };
  const { type, version } = envelope.data;
  if (`${type}.v${String(version)}` !== topic)
    return { ok: false, reason: `event ${type}.v${String(version)} on topic ${topic}` };
  if (!catalog.has(topic)) return { ok: false, reason: `unknown topic ${String(topic)}` };
  const data = catalog.schemaFor(topic).safeParse(envelope.data.data);
  if (!data.success) return { ok: false, reason: `invalid payload: ${data.error.issues[0]?.message ?? ''}` };
  return { ok: true, envelope: { ...envelope.data, data: data.data } };
}
