import { describe, expect, it } from 'vitest';
import {
  answerRefusal,
  canResendTender,
  canSendTenders,
  checkRefusalReason,
  checkReplyDeadline,
  closesRemainingTenders,
  compareMatches,
  effectiveTenderStatus,
  isAvailableTender,
  matchProfessional,
  withdrawalRefusal,
  zoneCoverage,
  type MatchProfessional,
  type MatchProject,
} from '../src';

const now = new Date('2026-11-22T12:00:00Z');
const future = new Date('2026-11-25T12:00:00Z');
const past = new Date('2026-11-21T12:00:00Z');

describe('tender statuses', () => {
  it('is available only when Disponible and validation "1"', () => {
    expect(isAvailableTender({ status: 'Disponible', validation: '1' })).toBe(true);
    expect(isAvailableTender({ status: 'Disponible', validation: '0' })).toBe(false);
    expect(isAvailableTender({ status: 'Acceptée', validation: '1' })).toBe(false);
  });

  it('expires past the deadline and closes with the project, without anyone acting', () => {
    expect(effectiveTenderStatus({ status: 'Disponible', replyDeadline: future }, now)).toBe('Disponible');
    expect(effectiveTenderStatus({ status: 'Disponible', replyDeadline: past }, now)).toBe('Expirée');
    expect(effectiveTenderStatus({ status: 'Disponible', replyDeadline: now }, now)).toBe('Expirée');
    expect(effectiveTenderStatus({ status: 'Disponible', replyDeadline: future, projectState: 'Annulé' }, now)).toBe('Clôturée');
    expect(effectiveTenderStatus({ status: 'Acceptée', replyDeadline: past }, now)).toBe('Acceptée');
  });

  it('refuses a second answer, a late answer, an answer to a withdrawn or closed tender', () => {
    const base = { validation: '1', replyDeadline: future };
    expect(answerRefusal({ ...base, status: 'Disponible' }, now)).toBeNull();
    expect(answerRefusal({ ...base, status: 'Acceptée' }, now)?.message).toMatch(/déjà accepté/);
    expect(answerRefusal({ ...base, status: 'Refusée' }, now)?.message).toMatch(/déjà refusé/);
    expect(answerRefusal({ ...base, status: 'Retirée' }, now)?.message).toMatch(/retiré/);
    expect(answerRefusal({ ...base, status: 'Clôturée' }, now)?.message).toMatch(/nombre maximal/);
    expect(answerRefusal({ ...base, status: 'Disponible', replyDeadline: past }, now)?.message).toMatch(/délai de réponse/);
    expect(answerRefusal({ ...base, status: 'Disponible', validation: '0' }, now)?.message).toMatch(/pas été envoyé/);
  });

  it('withdraws only available tenders and re-sends only unanswered ended ones', () => {
    expect(withdrawalRefusal({ status: 'Disponible', replyDeadline: future }, now)).toBeNull();
    expect(withdrawalRefusal({ status: 'Acceptée', replyDeadline: future }, now)?.message).toMatch(/Acceptée/);
    expect(withdrawalRefusal({ status: 'Disponible', replyDeadline: past }, now)?.message).toMatch(/Expirée/);
    expect(canResendTender('Retirée')).toBe(true);
    expect(canResendTender('Expirée')).toBe(true);
    expect(canResendTender('Refusée')).toBe(false);
    expect(canResendTender('Acceptée')).toBe(false);
  });

  it('sends only from Validé or En consultation; closes the rest at N acceptances', () => {
    expect(canSendTenders('Validé')).toBe(true);
    expect(canSendTenders('En consultation')).toBe(true);
    expect(canSendTenders('En attente')).toBe(false);
    expect(canSendTenders('Attribué')).toBe(false);
    expect(closesRemainingTenders(2, 3)).toBe(false);
    expect(closesRemainingTenders(3, 3)).toBe(true);
  });

  it('checks the refusal reason and the reply deadline', () => {
    expect(checkRefusalReason('  ')).toMatch(/raison du refus/);
    expect(checkRefusalReason('Planning complet')).toBeNull();
    expect(checkRefusalReason('x'.repeat(1001))).toMatch(/1000/);
    expect(checkReplyDeadline(new Date(now.getTime() + 30 * 60_000), now)).toMatch(/une heure/);
    expect(checkReplyDeadline(new Date(now.getTime() + 61 * 86_400_000), now)).toMatch(/60 jours/);
    expect(checkReplyDeadline(future, now)).toBeNull();
    expect(checkReplyDeadline(new Date('nope'), now)).toMatch(/invalide/);
  });
});

const project: MatchProject = {
  categoryId: 3,
  categorySlug: 'renovation',
  bienId: 2,
  support: 'Réalisation des travaux',
  departement: '69',
  budgetMinCents: 3_000_000,
  budgetMaxCents: 6_000_000,
  typeClient: 'particulier',
};

const pro = (overrides: Partial<MatchProfessional> = {}): MatchProfessional => ({
  professionSlug: 'plombier',
  professionName: 'Plombier',
  services: [],
  zones: [{ kind: 'departement', departement: '69' }],
  categoryIds: [],
  bienIds: [],
  budgetMinCents: null,
  budgetMaxCents: null,
  clientTypes: [],
  ...overrides,
});

describe('matching', () => {
  it('covers a project by département or by commune radius', () => {
    expect(zoneCoverage(project, [{ kind: 'departement', departement: '69' }]).code).toBe('zone_departement');
    expect(zoneCoverage(project, [{ kind: 'departement', departement: '75' }]).code).toBe('zone_outside');
    const near = zoneCoverage(project, [{ kind: 'commune', communeName: 'Villeurbanne', departement: '69', radiusKm: 20, distanceKm: 6.4 }]);
    expect(near.code).toBe('zone_radius');
    expect(near.label).toBe('À 6 km de Villeurbanne (rayon de 20 km).');
    expect(zoneCoverage(project, [{ kind: 'commune', communeName: 'Grenoble', departement: '38', radiusKm: 50, distanceKm: 95 }]).code).toBe('zone_outside');
    expect(zoneCoverage(project, []).code).toBe('zone_none');
  });

  it('prefers the trades of the category and the help asked for', () => {
    const plumber = matchProfessional(project, pro());
    const architect = matchProfessional(project, pro({ professionSlug: 'architecte-interieur', professionName: "Architecte d'intérieur" }));
    const roofer = matchProfessional(project, pro({ professionSlug: 'terrassier', professionName: 'Terrassier' }));
    expect(plumber.inZone).toBe(true);
    expect(plumber.reasons.map((r) => r.code)).toEqual(expect.arrayContaining(['profession_category', 'profession_support']));
    expect(plumber.score).toBeGreaterThan(architect.score);
    expect(architect.score).toBeGreaterThan(roofer.score);
    expect(roofer.reasons.map((r) => r.code)).toContain('profession_support');
  });

  it('names the trade and the useful services by slug too, for the interface to translate', () => {
    const services = [
      { slug: 'salle-de-bains', name: 'Création de salle de bains', professionSlug: 'plombier' },
      { slug: 'recherche-fuite', name: 'Recherche de fuite', professionSlug: 'plombier' },
      { slug: 'etude-sol', name: 'Étude de sol (G1, G2)', professionSlug: 'bureau-etudes' },
    ];
    const { reasons } = matchProfessional(project, pro({ services }));
    expect(reasons.find((r) => r.code === 'profession_category')?.params).toEqual({ profession: 'Plombier', profession_slug: 'plombier' });
    const useful = reasons.find((r) => r.code === 'services');
    expect(useful?.params).toEqual({ services: 'Création de salle de bains, Recherche de fuite', service_slugs: 'salle-de-bains recherche-fuite', count: 2 });
  });

  it('weighs preferences: category, good, budget, client type', () => {
    const fits = matchProfessional(
      project,
      pro({ categoryIds: [3], bienIds: [2], budgetMinCents: 1_000_000, budgetMaxCents: 10_000_000, clientTypes: ['particulier'] }),
    );
    const misfits = matchProfessional(
      project,
      pro({ categoryIds: [1], bienIds: [4], budgetMinCents: 20_000_000, budgetMaxCents: null, clientTypes: ['entreprise'] }),
    );
    const neutral = matchProfessional(project, pro());
    expect(fits.score - neutral.score).toBe(30);
    expect(neutral.score - misfits.score).toBe(30);
    expect(misfits.reasons.filter((r) => r.points < 0).map((r) => r.code)).toEqual([
      'pref_category_other',
      'pref_bien_other',
      'pref_budget_outside',
      'pref_client_type_other',
    ]);
  });

  it('ranks professionals in zone first, then by score', () => {
    const list = [
      { name: 'B', inZone: false, score: 90 },
      { name: 'C', inZone: true, score: 40 },
      { name: 'A', inZone: true, score: 40 },
      { name: 'D', inZone: true, score: 70 },
    ].sort(compareMatches);
    expect(list.map((x) => x.name)).toEqual(['D', 'A', 'C', 'B']);
  });
});
