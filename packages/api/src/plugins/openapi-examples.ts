// An example value built from a JSON schema, for every request and response body the
// OpenAPI document describes without one: the first of a schema's own `examples`,
// `default`, `const` or `enum`, else a value shaped by its type and format. Redocly's
// no-invalid-media-type-examples rule checks each one against its schema.

type Schema = Record<string, unknown>;

const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2026-01-15T09:30:00.000Z',
  date: '2026-01-15',
  email: 'ada@example.com',
  uri: 'https://example.com/article',
  url: 'https://example.com/article',
  uuid: '5f0c6a52-8d0e-4f0e-9d8f-2b6a4c1e7a10',
};

function resolve(schema: Schema, components: Record<string, Schema>): Schema {
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    return components[ref.slice('#/components/schemas/'.length)] ?? {};
  }
  return schema;
}

function sampleString(schema: Schema): string {
  const format = typeof schema.format === 'string' ? FORMAT_SAMPLES[schema.format] : undefined;
  if (format) return format;
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const text = 'example';
  return text.length >= minLength ? text : text.padEnd(minLength, 'x');
}

export function sampleFromSchema(input: Schema, components: Record<string, Schema>, depth = 0): unknown {
  const schema = resolve(input, components);
  if (depth > 8) return null;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('example' in schema) return schema.example;
  if ('const' in schema) return schema.const;
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0) {
      // Prefer a non-null branch: an example of "a value or null" shows the value.
      const branch = (options as Schema[]).find((option) => resolve(option, components).type !== 'null') ?? options[0];
      return sampleFromSchema(branch as Schema, components, depth + 1);
    }
  }
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...(schema.allOf as Schema[]).map((part) => sampleFromSchema(part, components, depth + 1)));
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, sampleFromSchema(property, components, depth + 1)]));
    }
    case 'array': {
      const items = schema.items as Schema | undefined;
      const count = typeof schema.minItems === 'number' && schema.minItems > 1 ? schema.minItems : 1;
      return items ? Array.from({ length: count }, () => sampleFromSchema(items, components, depth + 1)) : [];
    }
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return schema.properties ? sampleFromSchema({ ...schema, type: 'object' }, components, depth + 1) : null;
  }
}
