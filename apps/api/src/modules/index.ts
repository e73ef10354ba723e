import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/routes';
import { catalogRoutes } from './catalog/routes';
import { projectRoutes } from './projects/routes';
import { tenderRoutes } from './tenders/routes';
import { geoRoutes } from './geo/routes';
import { healthRoutes } from './health/routes';
import { jobRoutes } from './jobs';
import { outboxRoutes } from './outbox/routes';
import { professionalRoutes } from './professionals/routes';
import { userRoutes } from './users/routes';

/** Every feature module, registered by the root plugin. Add new modules here. */
export async function registerModules(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(outboxRoutes);
  await app.register(jobRoutes);
  await app.register(geoRoutes);
  await app.register(catalogRoutes);
  await app.register(projectRoutes);
  await app.register(professionalRoutes);
  await app.register(userRoutes);
  await app.register(tenderRoutes);
}
