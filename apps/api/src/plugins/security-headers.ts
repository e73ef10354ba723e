import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, computed once (decision 0964). @fastify/helmet builds Helmet's middleware
 * again for every request, re-parsing the Content-Security-Policy each time (6 % of the CPU of a
 * health probe); ours carry no per-request nonce, so they are the same for every answer.
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * What a JSON answer needs (OWASP's REST cheat sheet, decision 0983): nothing may load from it or
 * frame it, the browser must not guess its type, and personal data is not kept in a cache. The
 * document's headers (its script hashes, its font and frame sources…) mean nothing for data; a
 * third of their size went out with every answer.
 */
export function jsonAnswerHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const hsts = documentHeaders['strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  };
}

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const documentHeaders = securityHeadersOf(options);
  const jsonHeaders = jsonAnswerHeaders(documentHeaders);
  // At onSend the answer's type is known: JSON gets the API's headers, anything else (the web
  // app, files, the documentation) the document's. A plugin's own onSend (Swagger UI's policy)
  // runs after this one and still wins.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json')) {
      reply.headers(jsonHeaders);
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    } else {
      reply.headers(documentHeaders);
    }
    done(null, payload);
  });
}
