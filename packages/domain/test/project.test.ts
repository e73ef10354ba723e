import { describe, expect, it } from 'vitest';
import {
  allowedStageTransitions,
  allowedStateTransitions,
  canChangeStage,
  canChangeState,
  canClientEditProject,
  checkEmail,
  checkPhone,
  checkPostcode,
  checkSiret,
  departementOfCityCode,
  formatPhone,
  PROJECT_STATES,
  searchNormalize,
  stateTransitionRefusal,
  validateJourneyStep,
  validateProjectRequest,
  type ProjectRequest,
} from '../src';

const valid: ProjectRequest = {
  support: 'Projet clé en main',
  projet: 3,
  bien: 2,
  street: '12 rue de la Paix',
  codePostale: '75002',
  ville: 'Paris',
  cityCode: '75102',
  showAdresse: false,
  surface: 120,
  surfaceTravaux: 45.5,
  valueBien: 35_000_000,
  budget: '30k-60k',
  times: 'Dans les 3 mois',
  delai: '6 à 12 mois',
  proprio: 'Propriétaire',
  description: 'Rénovation complète de la cuisine et de la salle de bains.',
  accompagnement: true,
  besoinAccompagnement: 'Suivi de chantier',
  typeClient: 'particulier',
  companyName: null,
  siret: null,
  civility: 'Mme',
  lastname: 'Durand',
  firstname: 'Claire',
  email: 'claire.durand@exemple.fr',
  phone: '06 12 34 56 78',
  country: 'France',
};

describe('project state machine', () => {
  it('moves one step forward along the path, or to Annulé', () => {
    expect(allowedStateTransitions('En attente')).toEqual(['Validé', 'Annulé']);
    expect(allowedStateTransitions('Validé')).toEqual(['En consultation', 'Annulé']);
    expect(allowedStateTransitions('En cours')).toEqual(['Terminé', 'Annulé']);
    expect(canChangeState('En attente', 'Validé')).toBe(true);
    expect(canChangeState('En attente', 'Attribué')).toBe(false);
    expect(canChangeState('Validé', 'En attente')).toBe(false);
  });

  it('lets every state but Terminé be cancelled, and closed projects never move', () => {
    for (const s of PROJECT_STATES) {
      if (s === 'Terminé' || s === 'Annulé') expect(allowedStateTransitions(s)).toEqual([]);
      else expect(canChangeState(s, 'Annulé')).toBe(true);
    }
    expect(canChangeState('Terminé', 'Annulé')).toBe(false);
    expect(stateTransitionRefusal('Terminé', 'Annulé').message).toMatch(/ne peut plus changer/);
    expect(stateTransitionRefusal('En attente', 'Attribué').message).toMatch(/« Validé » ou « Annulé »/);
  });

  it('moves stages forward only, possibly skipping, and not on closed projects', () => {
    expect(allowedStageTransitions('Étude', 'Validé')).toHaveLength(5);
    expect(canChangeStage('Étude', 'Conception', 'En attente')).toBe(true);
    expect(canChangeStage('Conception', 'Travaux', 'En cours')).toBe(true);
    expect(canChangeStage('Travaux', 'Conception', 'En cours')).toBe(false);
    expect(canChangeStage('Étude', 'Étude', 'En cours')).toBe(false);
    expect(canChangeStage('Travaux', 'Réception', 'Annulé')).toBe(false);
    expect(allowedStageTransitions('Réception', 'En cours')).toEqual([]);
  });

  it('lets the client edit only while En attente', () => {
    expect(canClientEditProject('En attente')).toBe(true);
    expect(canClientEditProject('Validé')).toBe(false);
  });
});

describe('journey field rules', () => {
  it('checks e-mails', () => {
    expect(checkEmail('a@b.fr')).toBeNull();
    expect(checkEmail('')).toBe("L'adresse e-mail est obligatoire.");
    expect(checkEmail('pas-un-mail')).toBe("L'adresse e-mail n'est pas valide.");
    expect(checkEmail('a@b')).not.toBeNull();
  });

  it('accepts French and international phones, refuses the rest', () => {
    for (const ok of ['06 12 34 56 78', '0612345678', '01.23.45.67.89', '+33 6 12 34 56 78', '0033612345678', '+44 20 7946 0958', '+212 6 12 34 56 78'])
      expect(checkPhone(ok), ok).toBeNull();
    for (const bad of ['', '12345', '06 12 34 56', '+33 0 12 34 56 78', '+33 6 12 34 56 78 9', 'zéro six', '00 12'])
      expect(checkPhone(bad), bad).not.toBeNull();
    expect(formatPhone('+33612345678')).toBe('06 12 34 56 78');
  });

  it('checks French postcodes', () => {
    expect(checkPostcode('75002')).toBeNull();
    expect(checkPostcode('97400')).toBeNull();
    expect(checkPostcode('7500')).toBe('Le code postal doit comporter 5 chiffres.');
    expect(checkPostcode('00100')).not.toBeNull();
    expect(checkPostcode('')).toBe('Le code postal est obligatoire.');
  });

  it('checks SIRET numbers with the Luhn key and the La Poste exception', () => {
    expect(checkSiret('732 829 320 00074')).toBeNull();
    expect(checkSiret('73282932000075')).toBe("Ce numéro SIRET n'est pas valide (clé de contrôle incorrecte).");
    expect(checkSiret('')).toBe('Le numéro SIRET est obligatoire pour une entreprise.');
    expect(checkSiret('35600000000048')).toBeNull();
    expect(checkSiret('35600000049837')).toBeNull();
    expect(checkSiret('123')).toMatch(/14 chiffres/);
  });

  it('derives the département from the INSEE code', () => {
    expect(departementOfCityCode('75102')).toBe('75');
    expect(departementOfCityCode('2A004')).toBe('2A');
    expect(departementOfCityCode('97411')).toBe('974');
  });

  it('accepts a complete request, and ignores fields that have no rule', () => {
    expect(validateProjectRequest(valid)).toEqual({});
    expect(validateProjectRequest({ ...valid, latitude: 48.8 } as never, ['latitude' as never, 'surface'])).toEqual({});
  });

  it('refuses surfaces that are not positive and works larger than the property', () => {
    expect(validateProjectRequest({ ...valid, surface: 0 }).surface).toBe('La surface du bien doit être un nombre positif.');
    expect(validateProjectRequest({ ...valid, surface: -3 }).surface).toBeDefined();
    expect(validateProjectRequest({ ...valid, surfaceTravaux: 150 }).surfaceTravaux).toBe('La surface des travaux ne peut pas dépasser la surface du bien.');
    expect(validateProjectRequest({ ...valid, surfaceTravaux: 120 }).surfaceTravaux).toBeUndefined();
  });

  it('refuses unknown budget ranges and non-positive property values', () => {
    expect(validateProjectRequest({ ...valid, budget: '5-10' }).budget).toBe("Cette fourchette de budget n'existe pas.");
    expect(validateProjectRequest({ ...valid, budget: '' }).budget).toBe('Choisissez une fourchette de budget.');
    expect(validateProjectRequest({ ...valid, valueBien: -100 }).valueBien).toBeDefined();
    expect(validateProjectRequest({ ...valid, valueBien: null }).valueBien).toBeUndefined();
  });

  it('requires the accompaniment kind only when accompaniment is wanted', () => {
    expect(validateProjectRequest({ ...valid, besoinAccompagnement: null }).besoinAccompagnement).toBeDefined();
    expect(validateProjectRequest({ ...valid, accompagnement: false, besoinAccompagnement: null })).toEqual({});
  });

  it('requires company name and a valid SIRET for an entreprise', () => {
    const errors = validateProjectRequest({ ...valid, typeClient: 'entreprise' });
    expect(Object.keys(errors).sort()).toEqual(['companyName', 'siret']);
    expect(validateProjectRequest({ ...valid, typeClient: 'entreprise', companyName: 'Bâti SAS', siret: '73282932000074' })).toEqual({});
  });

  it('validates one journey step at a time', () => {
    expect(validateJourneyStep('support', {})).toEqual({ support: "Choisissez le type d'accompagnement souhaité." });
    expect(Object.keys(validateJourneyStep('caracteristiques', { surface: 50, surfaceTravaux: 80 }))).toEqual(['surfaceTravaux', 'budget']);
    expect(validateJourneyStep('coordonnees', valid)).toEqual({});
  });

  it('normalizes search text without accents', () => {
    expect(searchNormalize('Élodie  Lefèvre, Saint-Étienne')).toBe('elodie lefevre saint-etienne');
  });
});
