import { describe, expect, it } from 'vitest';
import { communesByPostcode, departements, distanceBetweenCommunes, distanceKm, findCommune, postcodeBelongsToCommune, searchCommunes } from '../src';

describe('offline communes dataset', () => {
  it('finds communes by name, postcode and INSEE code', () => {
    expect(searchCommunes('lyon')[0]).toMatchObject({ code: '69123', nom: 'Lyon', departement: '69' });
    expect(searchCommunes('Saint-Étienne')[0].code).toBe('42218');
    expect(searchCommunes('75011').map((c) => c.code)).toContain('75111');
    expect(communesByPostcode('13001').map((c) => c.nom)).toContain('Marseille 1er Arrondissement');
    expect(findCommune('2A004')?.nom).toBe('Ajaccio');
    expect(searchCommunes('x')).toEqual([]);
  });

  it('checks that a postcode belongs to a commune', () => {
    expect(postcodeBelongsToCommune('69003', '69123')).toBe(true);
    expect(postcodeBelongsToCommune('75001', '69123')).toBe(false);
  });

  it('knows every département', () => {
    const codes = departements().map((d) => d.code);
    expect(codes.length).toBeGreaterThanOrEqual(101);
    expect(codes).toEqual(expect.arrayContaining(['01', '2A', '2B', '75', '974']));
  });

  it('measures distances between communes', () => {
    expect(distanceKm({ lat: 48.8534, lon: 2.3488 }, { lat: 45.7485, lon: 4.8467 })).toBeCloseTo(392, -1);
    const parisLyon = distanceBetweenCommunes('75056', '69123')!;
    expect(parisLyon).toBeGreaterThan(380);
    expect(parisLyon).toBeLessThan(410);
    // Versailles is about 17 km from Paris.
    expect(distanceBetweenCommunes('75056', '78646')).toBeLessThan(25);
  });
});
