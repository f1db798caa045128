import { z } from 'zod';

/** `<context>.<event>.v<n>`, e.g. `billing.trial-started.v1`. */
export const TOPIC_NAME_PATTERN =
  /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*\.[a-z][a-z0-9]*(?:-[a-z0-9]+)*\.v[1-9][0-9]*$/;

export function isValidTopicName(name: string): boolean {
  return TOPIC_NAME_PATTERN.test(name);
}

/** Splits `billing.trial-started.v1` into its type (`billing.trial-started`) and version (1). */
export function parseTopicName(topic: string): { type: string; version: number } {
  const match = /^(.*)\.v([1-9][0-9]*)$/.exec(topic);
  if (!match || !isValidTopicName(topic)) throw new Error(`Invalid topic name "${topic}"`);
  return { type: match[1] as string, version: Number(match[2]) };
}

/** Every Kafka message value is one of these; `data` is checked against the topic's own schema. */
export const eventEnvelopeSchema = z.strictObject({
  id: z.string().min(1).max(128),
  type: z.string().min(3).max(200),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  producer: z.string().min(1).max(100),
  key: z.string().min(1).max(200),
  data: z.unknown(),
  /** W3C trace context of the producing request, when there was one. */
  traceparent: z.string().max(128).optional(),
});

export type EventEnvelope<T = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & { data: T };
