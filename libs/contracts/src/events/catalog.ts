import { type z } from 'zod';
import { eventFastChecks, type FastEventCheck } from './fast-checks';
import { eventPayloadSchemas, type EventPayloads } from './payloads';
import { Topic } from './topics';

/**
 * A set of topics with their payload schemas. The product has one (`productEventCatalog`);
 * tests build their own with `defineEventCatalog` so they never touch real topics.
 */
export interface EventCatalog<M extends Record<string, unknown> = Record<string, unknown>> {
  readonly topics: readonly (keyof M & string)[];
  schemaFor<T extends keyof M & string>(topic: T): z.ZodType<M[T]>;
  has(topic: string): topic is keyof M & string;
  /** The topic's fast check, if it has one (fast-checks.ts): tried before its zod schema. */
  fastCheckFor(topic: string): FastEventCheck | undefined;
}

export function defineEventCatalog<S extends Record<string, z.ZodType>>(
  schemas: S,
  fastChecks: Partial<Record<keyof S & string, FastEventCheck>> = {},
): EventCatalog<{ [K in keyof S]: z.infer<S[K]> }> {
  const topics = Object.keys(schemas) as (keyof S & string)[];
  return {
    topics,
    has: (topic: string): topic is keyof S & string => Object.prototype.hasOwnProperty.call(schemas, topic),
    schemaFor: (topic) => schemas[topic] as never,
    fastCheckFor: (topic) =>
      Object.prototype.hasOwnProperty.call(fastChecks, topic)
        ? fastChecks[topic as keyof S & string]
        : undefined,
  };
}

export const productEventCatalog: EventCatalog<EventPayloads> = defineEventCatalog(
  eventPayloadSchemas,
  eventFastChecks,
);
export { Topic };

/** Any catalog, for code that only looks schemas up by topic name (consumers, decoders). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEventCatalog = EventCatalog<any>;
