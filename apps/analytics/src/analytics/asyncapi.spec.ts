import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { Topic, eventEnvelopeSchema, eventPayloadSchemas } from '@core-vault/contracts';

interface JsonSchema {
  type?: string;
  required?: string[];
  properties?: Record<string, JsonSchema & { maxLength?: number; minLength?: number }>;
  additionalProperties?: boolean;
}

const doc = parse(readFileSync(join(__dirname, '../../../../docs/reference/asyncapi.yaml'), 'utf8')) as {
  asyncapi: string;
  channels: Record<string, { address: string }>;
  components: { schemas: Record<string, JsonSchema> };
};
const json = (schema: z.ZodType) => z.toJSONSchema(schema, { unrepresentable: 'any' }) as JsonSchema;

/** What consumers rely on: field names, which are required, types, length limits, strictness. */
function shape(s: JsonSchema) {
  return {
    required: [...(s.required ?? [])].sort(),
    additionalProperties: s.additionalProperties,
    properties: Object.fromEntries(
      Object.entries(s.properties ?? {}).map(([k, p]) => [
        k,
        { type: p.type === 'integer' ? 'integer' : p.type, maxLength: p.maxLength, minLength: p.minLength },
      ]),
    ),
  };
}

describe('docs/reference/asyncapi.yaml agrees with the runtime schemas', () => {
  it('is AsyncAPI 3 and documents the view topics by their real names', () => {
    expect(doc.asyncapi).toMatch(/^3\./);
    const addresses = Object.values(doc.channels).map((c) => c.address);
    expect(addresses).toEqual(
      expect.arrayContaining([Topic.ArtifactViewed, `${Topic.ArtifactViewed}.dlq`, Topic.ViewCountChanged]),
    );
  });

  it.each([
    ['ArtifactViewed', Topic.ArtifactViewed],
    ['ViewCountChanged', Topic.ViewCountChanged],
  ] as const)('payload %s matches the zod schema', (name, topic) => {
    expect(shape(doc.components.schemas[name]!)).toEqual(shape(json(eventPayloadSchemas[topic])));
  });

  it('envelope matches the zod envelope', () => {
    const documented = shape(doc.components.schemas['Envelope']!);
    const runtime = shape(json(eventEnvelopeSchema));
    expect(documented.required).toEqual(runtime.required);
    expect(Object.keys(documented.properties).sort()).toEqual(Object.keys(runtime.properties).sort());
  });
});
