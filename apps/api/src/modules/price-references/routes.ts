import type { FastifyInstance } from 'fastify';
import { priceReferenceEndpoints as endpoints } from '@ouvrage/contracts';
import { route } from '../../lib/route';
import { callerOf } from '../../plugins/access-control';
import { coverageView, outliers, setExclusion, trends } from './admin-views';
import { participation, setParticipation } from './participation';
import { projectComparison, quoteLookup } from './references-view';
import { refreshPriceReferences } from './refresh';

export const PRICE_REFERENCE_JOB = 'price-references.refresh';
/** Once a day: figures change on a schedule, never at one quote's sending (decision 1240). */
export const PRICE_REFERENCE_EVERY_MS = 86_400_000;

/** Price references (issue 40, decision 1240). */
export async function priceReferenceRoutes(app: FastifyInstance) {
  const { deps } = app;
  const tags = ['Prix de référence'];
  deps.jobs.registerRecurringJob(PRICE_REFERENCE_JOB, PRICE_REFERENCE_EVERY_MS, async () => {
    const figures = await refreshPriceReferences(deps);
    app.log.info({ price_references: figures }, 'price references refreshed');
  });

  route(app, endpoints.quoteLookup, {
    tags,
    summary:
      'Les prix de référence des lignes d’un devis (saisies, enregistrées ou non) : médiane et fourchette Q1–Q3 du prix unitaire HT dans le département, la région ou la France, au moins 5 devis de 3 architectes',
    handler: (r) => quoteLookup(deps, callerOf(r).id, r.params.id, r.body),
  });
  route(app, endpoints.projectComparison, {
    tags,
    summary: 'Chaque devis envoyé du projet, lot par lot, placé par rapport aux prix de référence de la zone',
    handler: (r) => projectComparison(deps, r.params.id),
  });
  route(app, endpoints.participation, { tags, summary: 'Ma participation aux prix de référence', handler: (r) => participation(deps, callerOf(r).id) });
  route(app, endpoints.setParticipation, {
    tags,
    summary: 'Participer ou non aux prix de référence (sans participation, on ne les voit pas non plus)',
    handler: (r) => setParticipation(deps, callerOf(r).id, r.body.contributes),
  });
  route(app, endpoints.adminTrends, {
    tags,
    summary: 'Évolution trimestrielle des prix de référence d’un lot dans une zone',
    handler: (r) => trends(deps, r.query),
  });
  route(app, endpoints.adminCoverage, {
    tags,
    summary: 'Couverture : lignes des devis des 12 derniers mois qui ont un prix de référence',
    handler: () => coverageView(deps),
  });
  route(app, endpoints.adminOutliers, { tags, summary: 'Prix atypiques à examiner, ou écartés', handler: (r) => outliers(deps, r.query) });
  route(app, endpoints.adminExclude, {
    tags,
    summary: 'Écarter un prix atypique (motif) : sa ligne est recalculée au prochain calcul',
    handler: (r) => setExclusion(deps, callerOf(r).id, r.params.id, r.body.reason),
  });
  route(app, endpoints.adminRestore, { tags, summary: 'Réintégrer un prix écarté', handler: (r) => setExclusion(deps, callerOf(r).id, r.params.id, null) });
  route(app, endpoints.adminRefresh, {
    tags,
    summary: 'Recalculer les prix de référence maintenant (le calcul quotidien, avancé)',
    handler: async () => {
      const figures = await refreshPriceReferences(deps);
      return { quotes_collected: figures.quotesCollected, keys_refreshed: figures.keysRefreshed, cells_published: figures.cellsPublished };
    },
  });
}
