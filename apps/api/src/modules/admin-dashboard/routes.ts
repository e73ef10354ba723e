import type { FastifyInstance } from 'fastify';
import { adminDashboardEndpoints } from '@ouvrage/contracts';
import { route } from '../../lib/route';
import { adminBoard, adminDashboard } from './service';

/** The admin dashboard's figures and the board of projects by stage (issue 12, decision 0820). */
export async function adminDashboardRoutes(app: FastifyInstance) {
  const { deps } = app;
  const tags = ['Tableau de bord'];

  route(app, adminDashboardEndpoints.dashboard, {
    tags,
    summary: "Tableau de bord de l'administrateur : chaque indicateur sur la période (3, 6, 12 ou 24 mois)",
    handler: async (request) => adminDashboard(deps, request.query.periode),
  });

  route(app, adminDashboardEndpoints.board, {
    tags,
    summary: 'Tableau des projets ouverts par étape : le total de chaque colonne et ses premières cartes',
    handler: async (request) => adminBoard(deps, { perColumn: request.query.par_colonne, order: request.query.ordre }),
  });
}
