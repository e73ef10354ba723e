/**
 * The API's routes, each declared once with its access rule (issue 35, decision 1170): method,
 * path in the OpenAPI form (`/api/facture/{id}/pdf`), who may call it, and the request content
 * types of an upload. A module's lines live in `routes/<module>.ts`; the JSON endpoints of
 * `defineEndpoint` spread their line, the API registers file and webhook routes from theirs, the
 * permission table is built from all of them (`routes/index.ts`) and the web calls them.
 *
 * This module and the `routes/` files import no value but each other: the web's first pages use
 * them without downloading zod (decision 0948).
 */
import type { OwnerKind, RoutePermission } from '@ouvrage/domain';
import type { AnyEndpoint, HttpMethod } from './endpoint';

export interface RouteLine<M extends HttpMethod = HttpMethod, P extends string = string> {
  readonly method: M;
  readonly path: P;
  /** Who may call it: roles, validation, the record the caller must own (the shared table's row). */
  readonly access: RoutePermission;
  /** Request content types other than JSON (multipart uploads). */
  readonly consumes?: readonly string[];
}

/** A module's lines, their method and path kept as literal types. */
export function routeLines<const T extends Record<string, RouteLine>>(lines: T): T {
  return lines;
}

/**
 * One endpoint as the web client needs it. `endpoint` is never set: it carries the declared
 * endpoint's type, from which the client infers the call's input and its answer.
 */
export interface EndpointRoute<E extends AnyEndpoint = AnyEndpoint> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** The access rule says `public`: called without a session. */
  readonly public: boolean;
  /** Request content types other than JSON (multipart uploads). */
  readonly consumes?: readonly string[];
  readonly endpoint?: E;
}

/** The endpoint a route stands for. */
export type RouteEndpoint<R> = R extends EndpointRoute<infer E> ? E : never;

type LinesOf<G extends Record<string, AnyEndpoint>> = { readonly [K in keyof G]: RouteLine<G[K]['method'], G[K]['path']> };

/**
 * A module's lines as the web client calls them, typed by the endpoint group declared from them
 * (`typedRoutes<typeof quoteEndpoints>(quoteLines)`): each key of the group gets its route. Lines
 * that are not JSON endpoints (files, webhooks) come along untyped.
 */
export function typedRoutes<G extends Record<string, AnyEndpoint>>(lines: LinesOf<G>): { readonly [K in keyof G]: EndpointRoute<G[K]> } {
  const table: Record<string, EndpointRoute> = {};
  for (const [key, line] of Object.entries(lines as Record<string, RouteLine>)) {
    table[key] = { method: line.method, path: line.path, public: line.access.allow === 'public', ...(line.consumes ? { consumes: line.consumes } : {}) };
  }
  return table as { readonly [K in keyof G]: EndpointRoute<G[K]> };
}

/** A line's path with its `{params}` filled in, each value URI-encoded: `/api/facture/12/pdf`. */
export function linePath(line: Pick<RouteLine, 'method' | 'path'>, params: Record<string, string | number> = {}): string {
  return line.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`${line.method} ${line.path} : paramètre « ${name} » manquant`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The five lines through which a record other than a quote is signed in the app (decision 0720:
 * a réception's PV, an avenant, a DGD): where the code stands, start (a code by e-mail), the code,
 * the PDF to read once the code is verified, the signature. The record's client alone, `owner` the
 * record's kind, `base` its path (`/api/avenants/{id}`). One declaration for every subject.
 */
export function subjectSigningLines<const B extends string, const O extends OwnerKind>(base: B, owner: O) {
  const access = { allow: ['client'] as const, owner };
  return {
    signingCodeState: { method: 'GET', path: `${base}/signature`, access },
    startSigning: { method: 'POST', path: `${base}/signature`, access },
    verifySignCode: { method: 'POST', path: `${base}/signature/code`, access },
    signingDocument: { method: 'GET', path: `${base}/signature/document`, access },
    sign: { method: 'POST', path: `${base}/signature/signer`, access },
  } as const satisfies Record<string, RouteLine>;
}

/** The lines `subjectSigningLines` declares, for the contract and route factories. */
export type SubjectSigningLines<B extends string = string> = ReturnType<typeof subjectSigningLines<B, OwnerKind>>;
