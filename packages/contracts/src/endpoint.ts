import { z } from 'zod';
import { permissionKey, type RoutePermission } from '@ouvrage/domain';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Error statuses a route may answer with the error envelope (DESIGN §5). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/** `'/api/x/{id}/y/{file}'` → `'id' | 'file'`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

type ParamsSchema<P extends string> = [PathParamNames<P>] extends [never] ? undefined : z.ZodType<Record<PathParamNames<P>, unknown>>;

/**
 * One HTTP endpoint with JSON in and out: its route line (`...quoteLines.createQuote`: method,
 * path, access, see `route-lines.ts`) and its schemas. The API registers its route from it
 * (validation, serialisation, OpenAPI, the access rule), and the web client infers its input and
 * output from it.
 *
 * `path` uses the OpenAPI form (`/api/admin/edit-bien/{id}`), the same as the permission keys.
 * `response` is the schema of `data` inside the `{ success: true, data }` envelope.
 */
export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  readonly kind: 'endpoint';
  readonly method: M;
  readonly path: P;
  readonly params: Params;
  readonly query: Query;
  readonly body: Body;
  readonly response: Response;
  /** Success status: 200, 201 when a record is created, 202 when a provider's message is taken in. */
  readonly status: 200 | 201 | 202;
  readonly errors: readonly ErrorStatus[];
  /** Request content types other than JSON (multipart uploads): the body is then not a zod schema. */
  readonly consumes?: readonly string[];
  /** Who may call it: the access rule of its route line (`routes/<module>.ts`). */
  readonly access: RoutePermission;
}

export type AnyEndpoint = Endpoint<HttpMethod, string, z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, z.ZodType>;

export function defineEndpoint<
  const M extends HttpMethod,
  const P extends string,
  Response extends z.ZodType,
  Params extends ParamsSchema<P> = ParamsSchema<P>,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
>(
  definition: {
    method: M;
    path: P;
    query?: Query;
    body?: Body;
    response: Response;
    status?: 200 | 201 | 202;
    errors?: readonly ErrorStatus[];
    consumes?: readonly string[];
    access: RoutePermission;
  } & ([PathParamNames<P>] extends [never] ? { params?: undefined } : { params: Params }),
): Endpoint<M, P, Params, Query, Body, Response> {
  const names = pathParamNames(definition.path);
  if (names.length > 0 && !definition.params) throw new Error(`${definition.method} ${definition.path} : schéma des paramètres de chemin manquant`);
  return {
    kind: 'endpoint',
    method: definition.method,
    path: definition.path,
    params: definition.params as Params,
    query: definition.query as Query,
    body: definition.body as Body,
    response: definition.response,
    status: definition.status ?? 200,
    errors: definition.errors ?? [400],
    ...(definition.consumes ? { consumes: definition.consumes } : {}),
    access: definition.access,
  };
}

export function isEndpoint(value: unknown): value is AnyEndpoint {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'endpoint';
}

/** The names of the `{param}` segments of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]);
}

/** `/api/x/{id}` → `/api/x/:id`, the form Fastify registers. */
export function fastifyPath(path: string): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

/** The key of the endpoint's row in the shared permission table. */
export function endpointPermissionKey(endpoint: Pick<AnyEndpoint, 'method' | 'path'>): string {
  return permissionKey(endpoint.method, endpoint.path);
}

/** The endpoint's access rule, declared on its route line. */
export function endpointPermission(endpoint: Pick<AnyEndpoint, 'access'>): RoutePermission {
  return endpoint.access;
}

// ---------- types the web client infers ----------

/** Path values as the caller has them (numbers or strings); they are encoded into the path. */
export type EndpointParams<E extends AnyEndpoint> = Record<PathParamNames<E['path']>, string | number>;

/** Query values before coercion: every key optional, as the server applies the defaults. */
export type EndpointQuery<E extends AnyEndpoint> = E['query'] extends z.ZodType ? Partial<z.output<E['query']>> : never;

export type EndpointBody<E extends AnyEndpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;

/** What `data` holds in a successful answer. */
export type EndpointData<E extends AnyEndpoint> = z.output<E['response']>;

/** The input object of a call: `params` when the path has any, `query` when declared, `body` when declared. */
export type EndpointInput<E extends AnyEndpoint> = ([PathParamNames<E['path']>] extends [never] ? { params?: undefined } : { params: EndpointParams<E> }) &
  (E['query'] extends z.ZodType ? { query?: EndpointQuery<E> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: EndpointBody<E> } : { body?: undefined });
