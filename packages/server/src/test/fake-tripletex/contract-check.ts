import { Ajv, type ValidateFunction } from 'ajv';
import type { RecordedRequest } from './fake-state';
import {
  answerModel,
  type FoundOperation,
  findOperation,
  illegalFields,
  type OpenApiSchema,
  parseFields,
  project,
  queryParameters,
  requestBodySchema,
  responseSchema,
  takesMediaType,
  tripletexOpenApi,
} from './openapi';

/**
 * The contract: every request the adapter sends and every answer the fake gives, validated with ajv
 * against Tripletex's OpenAPI document (openapi.ts, its `$ref`s resolved by ajv). Used by
 * tripletex/contract.test.ts and by every test on the Tripletex harness (checked when it closes).
 * The document sets no `additionalProperties`, so each schema is closed here: a property the document
 * does not have fails. Requests are checked against schemas without their read-only properties.
 */
type Variant = 'request' | 'response';

const closeSchema = (schema: OpenApiSchema, variant: Variant): OpenApiSchema => {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node !== 'object' || node === null) return node;
    const copy: Record<string, unknown> = Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        key === 'enum' || key === 'default' ? value : walk(value),
      ]),
    );
    if (typeof copy.$ref === 'string') {
      copy.$ref = copy.$ref.replace('#/components/schemas/', `tripletex-${variant}#/definitions/`);
    }
    const properties = copy.properties as Record<string, OpenApiSchema> | undefined;
    if (copy.type === 'object' || (properties && typeof properties === 'object' && !('type' in properties))) {
      if (properties && variant === 'request') {
        copy.properties = Object.fromEntries(Object.entries(properties).filter(([, p]) => !p.readOnly));
      }
      if (properties) copy.additionalProperties ??= false;
    }
    return copy;
  };
  return walk(schema) as OpenApiSchema;
};

const ajv = new Ajv({ allErrors: true });
const queryAjv = new Ajv({ allErrors: true, coerceTypes: true, strict: false });
for (const instance of [ajv, queryAjv]) {
  instance.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31,
  });
  instance.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
}
for (const variant of ['request', 'response'] as const) {
  const definitions = Object.fromEntries(
    Object.entries(tripletexOpenApi.components.schemas).map(([name, schema]) => [
      name,
      closeSchema(schema, variant),
    ]),
  );
  ajv.addSchema({ $id: `tripletex-${variant}`, definitions });
}

const compiled = new Map<string, ValidateFunction>();
const validatorFor = (key: string, make: () => ValidateFunction) => {
  let validate = compiled.get(key);
  if (!validate) {
    validate = make();
    compiled.set(key, validate);
  }
  return validate;
};
const schemaValidator = (schema: OpenApiSchema, variant: Variant) =>
  validatorFor(`${variant}:${JSON.stringify(schema)}`, () => ajv.compile(closeSchema(schema, variant)));

/** The query as one object, checked against the declared parameters (types coerced from text). */
const queryValidator = ({ template, method, operation }: FoundOperation) =>
  validatorFor(`query:${method} ${template}`, () => {
    const parameters = queryParameters(operation);
    return queryAjv.compile({
      type: 'object',
      properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
      required: parameters.filter((p) => p.required).map((p) => p.name),
      additionalProperties: false,
    });
  });

const problemsOf = (validate: ValidateFunction, data: unknown) =>
  validate(data) ? [] : [ajv.errorsText(validate.errors, { separator: '; ' })];

/** Everything wrong with one request and its answer, measured against the document. */
export const contractProblems = (request: RecordedRequest): string[] => {
  const found = findOperation(request.method, request.path);
  if (typeof found === 'string') return [`${found}: the document has no ${request.method} ${request.path}`];
  const problems: string[] = [];
  const repeated = request.queryNames.filter((name, index) => request.queryNames.indexOf(name) !== index);
  if (repeated.length > 0) problems.push(`query parameters sent twice: ${repeated.join(', ')}`);
  problems.push(...problemsOf(queryValidator(found), { ...request.query }).map((p) => `query: ${p}`));

  const model = answerModel(found.operation);
  const selection = request.query.fields === undefined ? null : parseFields(request.query.fields);
  if (selection && model) problems.push(...illegalFields(model, selection));

  const bodySchema = requestBodySchema(found.operation);
  if (bodySchema && request.body !== undefined) {
    if (!takesMediaType(found.operation, request.contentType)) {
      problems.push(
        `body: sent as ${request.contentType ?? 'no media type'}, which the operation does not take`,
      );
    }
    problems.push(
      ...problemsOf(schemaValidator(bodySchema, 'request'), request.body).map((p) => `body: ${p}`),
    );
  } else if (found.operation.requestBody?.required && request.body === undefined) {
    problems.push('body: required, none sent');
  } else if (!bodySchema && request.body !== undefined) {
    problems.push('body: the operation takes none');
  }

  const { answer } = request;
  // No answer: dropped or timed out on purpose (fault injection); the request itself was checked.
  if (!answer || answer.body === undefined) return problems;
  const answerSchema =
    answer.status >= 400 ? { $ref: '#/components/schemas/ApiError' } : responseSchema(found.operation);
  if (!answerSchema) return [...problems, `answer: the document declares no JSON answer (${answer.status})`];
  problems.push(
    ...problemsOf(schemaValidator(answerSchema, 'response'), answer.body).map((p) => `answer: ${p}`),
  );
  // Only what was asked for: cutting the answer to the selection again changes nothing.
  if (answer.status < 300 && typeof answer.body === 'object' && answer.body !== null) {
    const { value, values } = answer.body as { value?: unknown; values?: unknown };
    const asked = selection ?? parseFields('*');
    for (const part of [value, values]) {
      if (part !== undefined && JSON.stringify(project(part, asked)) !== JSON.stringify(part)) {
        problems.push(`answer: carries more than fields=${request.query.fields ?? '(default)'} asks for`);
      }
    }
  }
  return problems;
};

/** The requests (and answers) that break the contract, with what is wrong with each. */
export const nonConforming = (requests: RecordedRequest[]) =>
  requests
    .map((request) => ({ request: `${request.method} ${request.path}`, problems: contractProblems(request) }))
    .filter((entry) => entry.problems.length > 0);

/** Throws with every breach, for test teardown: the harness and the connected server call it on close. */
export const assertConforming = (requests: RecordedRequest[]) => {
  const breaches = nonConforming(requests);
  if (breaches.length > 0) {
    throw new Error(`Outside Tripletex's OpenAPI document:\n${JSON.stringify(breaches, null, 2)}`);
  }
};
