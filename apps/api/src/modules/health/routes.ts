import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorEnvelope } from '@ouvrage/contracts';
import { PRODUCT_VERSION } from '@ouvrage/domain';

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['Plateforme'],
        summary: 'État du service',
        response: { 200: envelope(z.object({ status: z.literal('ok'), version: z.string(), database: z.string() })), 503: errorEnvelope },
      },
    },
    async () => {
      await app.deps.handle.query('SELECT 1');
      return { success: true as const, data: { status: 'ok' as const, version: PRODUCT_VERSION, database: app.deps.handle.kind } };
    },
  );
}
