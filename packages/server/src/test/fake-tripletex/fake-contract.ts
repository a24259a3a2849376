import { isRecord } from './fake-body';
import { type FakeResponse, fail, invalid } from './fake-http';
import {
  ALL_FIELDS,
  answerModel,
  bodyProblems,
  FieldsError,
  illegalFields,
  type OpenApiOperation,
  parseFields,
  project,
  requestBodySchema,
  type Selection,
  takesMediaType,
  undeclaredQueryNames,
} from './openapi';

/**
 * What the fake refuses before any route sees a request, as Tripletex's document has it: query
 * parameters the operation does not declare (422, code 21000), `fields=` names its model does not
 * have (400, code 11000, Tripletex's wording), a body of a media type the operation does not take
 * (415; JSON to an upload, a form to a JSON write), and body properties that do not exist, are
 * read-only or null (422, code 18000). On success, the selection the answer is cut to.
 */
export const checkContract = (
  operation: OpenApiOperation,
  query: URLSearchParams,
  body: unknown,
  mediaType: string | null,
): { selection: Selection } | { response: FakeResponse } => {
  const undeclared = undeclaredQueryNames(operation, query.keys());
  if (undeclared.length > 0) {
    return {
      response: fail(
        422,
        21000,
        `Unknown query parameter: ${undeclared.join(', ')}`,
        undeclared.map((name) => ({ field: name, message: 'The operation has no such parameter' })),
      ),
    };
  }
  let selection = ALL_FIELDS;
  const fields = query.get('fields');
  const model = answerModel(operation);
  if (fields !== null && model) {
    try {
      selection = parseFields(fields);
    } catch (error) {
      return { response: fail(400, 11000, error instanceof FieldsError ? error.message : String(error)) };
    }
    const [problem] = illegalFields(model, selection);
    if (problem) return { response: fail(400, 11000, problem) };
  }
  const schema = requestBodySchema(operation);
  if (body !== undefined) {
    if (!schema) return { response: invalid([{ field: '', message: 'This operation takes no body' }]) };
    if (!takesMediaType(operation, mediaType)) {
      return {
        response: fail(415, 0, `This operation does not take ${mediaType || 'a body without a type'}`),
      };
    }
    const problems = bodyProblems(body, schema);
    if (problems.length > 0) return { response: invalid(problems) };
  }
  return { selection };
};

/** Cuts a successful answer (`{value}` or a list's `{values}`) to the selection. */
export const selectFields = (response: FakeResponse, selection: Selection): FakeResponse => {
  const { status, body } = response;
  if (status < 200 || status >= 300 || !isRecord(body)) return response;
  if ('value' in body) return { ...response, body: { ...body, value: project(body.value, selection) } };
  if (Array.isArray(body.values)) {
    return { ...response, body: { ...body, values: project(body.values, selection) } };
  }
  return response;
};
