import { describe, expect, it } from 'vitest';
import { companyFromAnswer } from '../../src/adapters/company-registry/parse';

/** An answer of API Recherche d'entreprises for a secondary establishment (`q={siret}`). */
const answer = {
  results: [
    {
      siren: '812345676',
      nom_complet: 'BENALI PLOMBERIE (BP69)',
      nom_raison_sociale: 'BENALI PLOMBERIE',
      nature_juridique: '5710',
      activite_principale: '43.22A',
      etat_administratif: 'A',
      siege: {
        siret: '81234567600017',
        adresse: '12 RUE PAUL BERT 69003 LYON',
        code_postal: '69003',
        libelle_commune: 'LYON',
        commune: '69383',
        etat_administratif: 'A',
      },
      matching_etablissements: [
        {
          siret: '81234567600025',
          adresse: '4 AVENUE FOCH 38000 GRENOBLE',
          code_postal: '38000',
          libelle_commune: 'GRENOBLE',
          commune: '38185',
          etat_administratif: 'F',
          est_siege: false,
        },
      ],
    },
  ],
  total_results: 1,
};

describe('company registry answer mapping', () => {
  it('finds a secondary establishment, keeps the head office address, and reads its closed state', () => {
    const company = companyFromAnswer(answer, '81234567600025');
    expect(company).toMatchObject({
      siret: '81234567600025',
      raison_sociale: 'BENALI PLOMBERIE',
      forme_juridique: 'SAS',
      head_office_address: '12 RUE PAUL BERT',
      head_office_city: 'LYON',
      etat_administratif: 'F',
      active: false,
      tva_number: 'FR19812345676',
    });
  });

  it('answers null for a SIRET absent from the results, and maps the head office', () => {
    expect(companyFromAnswer(answer, '81234567600033')).toBeNull();
    expect(companyFromAnswer({ results: [] }, '81234567600017')).toBeNull();
    expect(companyFromAnswer(answer, '81234567600017')).toMatchObject({ active: true, head_office_postcode: '69003' });
  });

  it('treats a closed legal unit as closed even when the establishment says active', () => {
    const closedUnit = { results: [{ ...answer.results[0], etat_administratif: 'F' }] };
    expect(companyFromAnswer(closedUnit, '81234567600017')?.active).toBe(false);
  });
});
