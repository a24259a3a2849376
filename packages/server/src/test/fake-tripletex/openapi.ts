import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Tripletex's own OpenAPI document (v2.72, cut to what Karm touches; a copy of
 * shared/reference/tripletex-openapi-v2.72-subset.json), and what the fake reads from it: which
 * operations exist, which query parameters each declares, the model of each answer (for `fields=`),
 * and which body properties are read-only. The contract test validates against the same document.
 */
export type OpenApiSchema = {
  $ref?: string;
  type?: string;
  format?: string;
  readOnly?: boolean;
  properties?: Record<string, OpenApiSchema>;
  items?: OpenApiSchema;
  additionalProperties?: boolean | OpenApiSchema;
  [keyword: string]: unknown;
};
export type OpenApiParameter = { name: string; in: string; required?: boolean; schema: OpenApiSchema };
type MediaTypes = Record<string, { schema: OpenApiSchema }>;
export type OpenApiOperation = {
  operationId: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content: MediaTypes; required?: boolean };
  responses: Record<string, { content?: MediaTypes }>;
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, OpenApiSchema> };
};

export const TRIPLETEX_OPENAPI_FILE = path.resolve(
  import.meta.dirname,
  'tripletex-openapi-v2.72-subset.json',
);
const loaded = JSON.parse(readFileSync(TRIPLETEX_OPENAPI_FILE, 'utf8')) as OpenApiDocument;

/**
 * The subset was made by stripping every `description` key, which also removed the properties named
 * `description` (the query parameters of that name survived). Tripletex has them — a project's, an
 * order line's, an employee category's, a product's and a payment type's description — so they are
 * put back, as plain strings.
 */
const STRIPPED_DESCRIPTIONS = ['Project', 'OrderLine', 'EmployeeCategory', 'Product', 'PaymentType'];
for (const name of STRIPPED_DESCRIPTIONS) {
  const properties = loaded.components.schemas[name]?.properties;
  if (properties && !properties.description) properties.description = { type: 'string' };
}

export const tripletexOpenApi: OpenApiDocument = loaded;
const { schemas } = tripletexOpenApi.components;
const SCHEMA_REF = '#/components/schemas/';

/** The schema behind a `$ref`, or the schema itself. */
export const resolveSchema = (schema: OpenApiSchema): OpenApiSchema => {
  if (!schema.$ref) return schema;
  const target = schemas[schema.$ref.slice(SCHEMA_REF.length)];
  if (!target) throw new Error(`No schema ${schema.$ref} in the Tripletex document`);
  return target;
};

const schemaName = (schema: OpenApiSchema | undefined) =>
  schema?.$ref?.startsWith(SCHEMA_REF) ? schema.$ref.slice(SCHEMA_REF.length) : null;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Path templates as patterns; literal segments win over `{param}` ones (`/employee/category` ≠ `/employee/{id}`). */
const TEMPLATES = Object.keys(tripletexOpenApi.paths)
  .map((template) => {
    const segments = template.split('/');
    const params = segments.filter((segment) => segment.startsWith('{')).length;
    const source = segments
      .map((segment) => (segment.startsWith('{') ? '[^/]+' : escapeRegExp(segment)))
      .join('/');
    return { template, params, pattern: new RegExp(`^${source}$`) };
  })
  .sort((a, b) => a.params - b.params);

export type FoundOperation = { template: string; method: string; operation: OpenApiOperation };

/**
 * The document's operation for a request (path relative to `/v2`, decoded), or why there is none:
 * `no-path` (Tripletex answers 404) or `no-method` (405).
 */
export const findOperation = (
  method: string,
  requestPath: string,
): FoundOperation | 'no-path' | 'no-method' => {
  const matching = TEMPLATES.filter((t) => t.pattern.test(requestPath));
  for (const { template } of matching) {
    const operation = tripletexOpenApi.paths[template][method.toLowerCase()];
    if (operation) return { template, method: method.toUpperCase(), operation };
  }
  return matching.length > 0 ? 'no-method' : 'no-path';
};

export const queryParameters = (operation: OpenApiOperation) =>
  (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');

/** The query parameter names a request carries that the operation does not declare. */
export const undeclaredQueryNames = (operation: OpenApiOperation, names: Iterable<string>) => {
  const declared = new Set(queryParameters(operation).map((parameter) => parameter.name));
  return [...new Set(names)].filter((name) => !declared.has(name));
};

const jsonSchemaOf = (media: MediaTypes | undefined) => {
  if (!media) return undefined;
  return (media['application/json'] ?? media['application/json; charset=utf-8'] ?? Object.values(media)[0])
    ?.schema;
};

export const requestBodySchema = (operation: OpenApiOperation) =>
  jsonSchemaOf(operation.requestBody?.content);

/**
 * Whether the operation takes a body of this media type (compared without parameters, so
 * `application/json` is the document's `application/json; charset=utf-8`).
 */
export const takesMediaType = (operation: OpenApiOperation, mediaType: string | null) =>
  Object.keys(operation.requestBody?.content ?? {}).some(
    (declared) => declared.split(';')[0]?.trim().toLowerCase() === mediaType,
  );

/** The answer's schema: the `default` (or 200) response's JSON schema. */
export const responseSchema = (operation: OpenApiOperation) =>
  jsonSchemaOf((operation.responses.default ?? operation.responses['200'])?.content);

/**
 * The model an answer wraps — `Customer` for `ResponseWrapperCustomer` and `ListResponseCustomer` —
 * which is what `fields=` selects from; null for answers that wrap no model.
 */
export const answerModel = (operation: OpenApiOperation): string | null => {
  const wrapper = responseSchema(operation);
  if (!wrapper) return null;
  const { properties = {} } = resolveSchema(wrapper);
  return schemaName(properties.value) ?? schemaName(properties.values?.items);
};

/** The model a property holds (directly or as a list), or null for plain values. */
const propertyModel = (property: OpenApiSchema) => schemaName(property) ?? schemaName(property.items);

/** `fields=`: `*` and names, each optionally with its own selection in parentheses. */
export type Selection = { all: boolean; fields: Map<string, Selection | null> };
export const ALL_FIELDS: Selection = { all: true, fields: new Map() };

export class FieldsError extends Error {}

/** Parses `a,b(c,d(*)),*`; throws FieldsError on unbalanced parentheses or empty names. */
export const parseFields = (raw: string): Selection => {
  let at = 0;
  const readList = (depth: number): Selection => {
    const selection: Selection = { all: false, fields: new Map() };
    for (;;) {
      const match = /^\s*([A-Za-z0-9_*]+)\s*/.exec(raw.slice(at));
      if (!match) throw new FieldsError(`Cannot read the fields filter at position ${at}: ${raw}`);
      at += match[0].length;
      const name = match[1];
      let inner: Selection | null = null;
      if (raw[at] === '(') {
        at += 1;
        inner = readList(depth + 1);
        if (raw[at] !== ')') throw new FieldsError(`Missing ")" in the fields filter: ${raw}`);
        at += 1;
        while (raw[at] === ' ') at += 1;
      }
      if (name === '*') selection.all = true;
      else selection.fields.set(name, inner);
      if (raw[at] === ',') {
        at += 1;
        continue;
      }
      if (depth > 0 && raw[at] === ')') return selection;
      if (depth === 0 && at === raw.length) return selection;
      throw new FieldsError(`Cannot read the fields filter at position ${at}: ${raw}`);
    }
  };
  return raw.trim() === '' ? ALL_FIELDS : readList(0);
};

/** Names in the selection that the model does not have, as Tripletex words them (400, code 11000). */
export const illegalFields = (model: string, selection: Selection): string[] => {
  const { properties = {} } = schemas[model] ?? {};
  const problems: string[] = [];
  for (const [name, inner] of selection.fields) {
    const property = properties[name];
    if (!property) {
      problems.push(
        `Illegal field in fields filter: ${name}. ${name} does not match a field in the model: ${model}`,
      );
      continue;
    }
    if (!inner) continue;
    const nested = propertyModel(property);
    if (nested) problems.push(...illegalFields(nested, inner));
    else problems.push(`Illegal field in fields filter: ${name}(...). ${name} is not an object in ${model}`);
  }
  return problems;
};

/**
 * A reference the fake can expand: serialized as `{id, url}`, with the whole record behind a key
 * that JSON never sees, fetched only when `fields=` asks for more than the id and url.
 */
export const EXPAND = Symbol('expand');
type Expandable = Record<string, unknown> & { [EXPAND]?: () => Record<string, unknown> | undefined };

export const expandable = (
  reference: Record<string, unknown>,
  expand?: () => Record<string, unknown> | undefined,
) => {
  if (expand) Object.defineProperty(reference, EXPAND, { value: expand, enumerable: false });
  return reference;
};

const isObject = (value: unknown): value is Expandable =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object not asked into: `{id, url}` as Tripletex sends a bare reference. */
const asReference = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(asReference);
  if (!isObject(value)) return value;
  const { id, url } = value;
  return { ...(id !== undefined && { id }), ...(url !== undefined && { url }) };
};

const needsMoreThanReference = (selection: Selection) =>
  selection.all || [...selection.fields.keys()].some((name) => name !== 'id' && name !== 'url');

/**
 * The record as `fields=` selects it: only the asked fields, objects not asked into as `{id, url}`,
 * and missing values (null or undefined) left out, as the document allows no nulls.
 */
export const project = (value: unknown, selection: Selection): unknown => {
  if (Array.isArray(value)) return value.map((item) => project(item, selection));
  if (!isObject(value)) return value;
  const full = needsMoreThanReference(selection) ? (value[EXPAND]?.() ?? value) : value;
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(full)) {
    if (field === null || field === undefined) continue;
    const inner = selection.fields.get(key);
    if (inner) result[key] = project(field, inner);
    else if (selection.all || selection.fields.has(key)) result[key] = asReference(field);
  }
  return result;
};

export type BodyProblem = { field: string; message: string };

/**
 * What the document refuses in a request body: properties the model does not have, read-only ones,
 * and nulls (no property of the document is nullable). Types are left to the routes.
 */
export const bodyProblems = (body: unknown, schema: OpenApiSchema, at = ''): BodyProblem[] => {
  const resolved = resolveSchema(schema);
  const problems: BodyProblem[] = [];
  if (Array.isArray(body)) {
    if (resolved.items) {
      body.forEach((item, index) => {
        problems.push(...bodyProblems(item, resolved.items as OpenApiSchema, `${at}[${index}]`));
      });
    }
    return problems;
  }
  if (!isObject(body) || !resolved.properties) return problems;
  for (const [key, value] of Object.entries(body)) {
    const field = at ? `${at}.${key}` : key;
    const property = resolved.properties[key];
    if (!property) problems.push({ field, message: `${key} does not exist in the model` });
    else if (property.readOnly) problems.push({ field, message: `${key} is read-only` });
    else if (value === null) problems.push({ field, message: 'null is not a valid value' });
    else problems.push(...bodyProblems(value, property, field));
  }
  return problems;
};
