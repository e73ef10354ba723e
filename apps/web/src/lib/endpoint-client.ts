import type { AnyEndpoint, EndpointData, EndpointInput, EndpointRoute, RouteEndpoint } from '@ouvrage/contracts';
import { apiCall, uploadWithProgress } from './api-client';

type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;

/**
 * `?a=1&b=x` from a query object: empty values (undefined, null, '') are left out so the server
 * applies its defaults; arrays repeat the key; keys keep their declared order.
 */
export function serializeQuery(query: Record<string, QueryValue> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== undefined && v !== null && v !== '') search.append(key, String(v));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The endpoint's path with its `{params}` filled in (each value URI-encoded), then its query. */
export function endpointUrl(
  endpoint: Pick<EndpointRoute, 'method' | 'path'>,
  input: { params?: Record<string, string | number>; query?: object } = {},
): string {
  const path = endpoint.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => {
    const value = input.params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`${endpoint.method} ${endpoint.path} : paramètre « ${name} » manquant`);
    return encodeURIComponent(String(value));
  });
  return path + serializeQuery(input.query as Record<string, QueryValue> | undefined);
}

export interface EndpointCallOptions {
  signal?: AbortSignal;
  /** Send without a session token. Defaults to true for public endpoints (their permission row says `public`). */
  anonymous?: boolean;
}

/** Arguments of a call: the input may be left out when the endpoint needs none. */
type CallArgs<E extends AnyEndpoint> =
  object extends EndpointInput<E> ? [input?: EndpointInput<E>, options?: EndpointCallOptions] : [input: EndpointInput<E>, options?: EndpointCallOptions];

/**
 * Call an endpoint through its route (`catalogRoutes.publicCategories`…, the schema-free table of
 * `@ouvrage/contracts`: the first pages do not download zod, decision 0948); input and output are
 * inferred from the declared endpoint. Built on `apiCall`, so session refresh and 401 handling stay
 * in one place.
 */
export function callEndpoint<R extends EndpointRoute>(route: R, ...[input, options]: CallArgs<RouteEndpoint<R>>): Promise<EndpointData<RouteEndpoint<R>>> {
  if (route.consumes) throw new Error(`${route.method} ${route.path} : envoyez ce fichier avec uploadToEndpoint`);
  const anonymous = options?.anonymous ?? route.public;
  const body = (input as { body?: unknown } | undefined)?.body;
  return apiCall<EndpointData<RouteEndpoint<R>>>(route.method, endpointUrl(route, (input ?? {}) as Parameters<typeof endpointUrl>[1]), {
    body: body ?? (route.method === 'GET' || route.method === 'DELETE' ? undefined : {}),
    anonymous,
    signal: options?.signal,
  });
}

/** A multipart endpoint (file upload) with progress from 0 to 100; `query` when the endpoint declares one. */
export function uploadToEndpoint<R extends EndpointRoute>(
  route: R,
  params: EndpointInput<RouteEndpoint<R>>['params'],
  form: FormData,
  onProgress?: (percent: number) => void,
  query?: EndpointInput<RouteEndpoint<R>>['query'],
): Promise<EndpointData<RouteEndpoint<R>>> {
  if (!route.consumes?.includes('multipart/form-data')) throw new Error(`${route.method} ${route.path} n'accepte pas de fichier`);
  const url = endpointUrl(route, { params: params as Record<string, string | number> | undefined, query: query as object | undefined });
  return uploadWithProgress<EndpointData<RouteEndpoint<R>>>(url, form, onProgress, route.public);
}
