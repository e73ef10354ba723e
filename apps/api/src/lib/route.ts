import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope, errorEnvelope, fastifyPath, type AnyEndpoint, type HttpMethod, type RouteLine } from '@ouvrage/contracts';

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request as the handler sees it: params, query and body already parsed by the endpoint's schemas. */
export type EndpointRequest<E extends AnyEndpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: Output<E['params']>;
  query: Output<E['query']>;
  body: Output<E['body']>;
};

export interface RouteOptions<E extends AnyEndpoint> {
  tags: string[];
  summary: string;
  /** Returns the endpoint's `data`; the helper wraps it in `{ success: true, data }` with the endpoint's status. */
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<z.input<E['response']>>;
  /** Route config (rate limits…); the permission row is attached by the access-control hook. */
  config?: RouteShorthandOptions['config'];
}

/**
 * Register the route an endpoint declares: its path in Fastify's form, the schemas that validate
 * and document it (params, querystring, body, the success envelope and each error status).
 * The access-control hook attaches the access rule of its line (the app refuses a route without one).
 */
export function route<E extends AnyEndpoint>(app: FastifyInstance, endpoint: E, options: RouteOptions<E>): void {
  const response: Record<number, z.ZodType> = { [endpoint.status]: envelope(endpoint.response) };
  for (const status of endpoint.errors) response[status] = errorEnvelope;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: fastifyPath(endpoint.path),
    config: options.config,
    schema: {
      tags: options.tags,
      summary: options.summary,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.consumes ? { consumes: [...endpoint.consumes] } : {}),
      response,
    },
    handler: async (request, reply) => {
      const data = await options.handler(request as unknown as EndpointRequest<E>, reply);
      reply.status(endpoint.status);
      return { success: true as const, data };
    },
  });
}

export interface RawBodyRouteOptions<E extends AnyEndpoint> extends Omit<RouteOptions<E>, 'handler'> {
  /** Gets the JSON body as the bytes that were sent, to check their signature before reading them. */
  handler: (request: EndpointRequest<E>, rawBody: Buffer, reply: FastifyReply) => Promise<z.input<E['response']>>;
}

/**
 * Register the route of an endpoint whose caller signs the exact bytes it sends (a provider's
 * webhook: Stripe, a plateforme agréée): the same contract, envelope and access rule as `route`,
 * with its JSON body kept raw (512 kB at most) in a scope of its own.
 */
export async function rawBodyRoute<E extends AnyEndpoint>(app: FastifyInstance, endpoint: E, options: RawBodyRouteOptions<E>): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser(['application/json']);
    scope.addContentTypeParser(['application/json'], { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
    route(scope, endpoint, {
      ...options,
      handler: (request, reply) => options.handler(request, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), reply),
    });
  });
}

/**
 * The method and Fastify path of a route that does not answer the JSON envelope (a file, a CSV,
 * a metrics text, a webhook's echo), from its route line, to spread into Fastify's own
 * `route({ ...lineRoute(quoteLines.quotePdf), schema, handler })`: the path is written once, in
 * the line, and the access-control hook applies the line's access rule.
 */
export function lineRoute<const M extends HttpMethod>(line: RouteLine<M>): { method: M; url: string } {
  return { method: line.method, url: fastifyPath(line.path) };
}
