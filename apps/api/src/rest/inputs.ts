import type { FastifyRequest } from 'fastify';

/**
 * How a route's body becomes (part of) its procedure's input: `fields`, an object whose fields
 * are the input's (a missing body reads as {}); `as-sent`, the whole input exactly as sent;
 * `under`, the object put under one field of the input; `pick`, only the named fields taken.
 */
export type BodyShape = 'fields' | 'as-sent' | { under: string } | { pick: readonly string[] };

/** Where an input comes from, which the API reference (openapi.ts) describes the same way. */
export interface InputSource {
  params: boolean;
  query: boolean;
  body: BodyShape | null;
}

/**
 * A route's input read from the request. It stays `unknown` on purpose: the procedure's own zod
 * schema parses it, exactly as for a tRPC call.
 */
export interface InputReader {
  (request: FastifyRequest): unknown;
  readonly source: InputSource;
}

function reader(source: Partial<InputSource>, read: (request: FastifyRequest) => unknown) {
  return Object.assign(read, {
    source: { params: false, query: false, body: null, ...source },
  }) as InputReader;
}

/**
 * An object body; a missing one reads as {}. Every object input either requires its fields (so {}
 * is refused) or changes only the fields it names (so {} changes nothing): no default replaces
 * data. A list that replaces data (update-final-trading-config) takes its body as sent.
 */
const bodyObject = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
const paramsOf = (request: FastifyRequest) => ({ ...(request.params as Record<string, string>) });

export const body = reader({ body: 'fields' }, bodyObject);
export const bodyAsSent = reader({ body: 'as-sent' }, (request) => request.body);
export const query = reader({ query: true }, (request) => request.query ?? {});
/** The path parameters (`:symbol` → { symbol }). */
export const params = reader({ params: true }, paramsOf);
/** The path parameters, and the body under `field` ({ id, patch: body }). */
export const paramsAndBodyUnder = (field: string) =>
  reader({ params: true, body: { under: field } }, (request) => ({
    ...paramsOf(request),
    [field]: bodyObject(request),
  }));
/** The path parameters, and the named fields of the body. */
export const paramsAndBodyFields = (...fields: string[]) =>
  reader({ params: true, body: { pick: fields } }, (request) => {
    const sent = bodyObject(request);
    return { ...paramsOf(request), ...Object.fromEntries(fields.map((f) => [f, sent[f]])) };
  });
