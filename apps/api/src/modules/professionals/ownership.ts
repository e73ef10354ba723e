import type { FastifyInstance } from 'fastify';
import * as repo from './repository';

/** Owners of intervention zones and references: the professional they belong to. */
export function registerProfessionalOwnership(app: FastifyInstance) {
  app.registerOwnership('intervention-zone', async (db, id) => {
    const zone = await repo.findZone(db, id);
    return zone ? [zone.userId] : null;
  });
  app.registerOwnership('reference', async (db, id) => {
    const ref = await repo.findReference(db, id);
    return ref ? [ref.userId] : null;
  });
}
