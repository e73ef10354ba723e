import { describe, expect, it } from 'vitest';
import { checkRow, parseCsv, toCsv } from '../../src/modules/products/csv';

describe('products CSV', () => {
  const product = {
    name: '=HYPERLINK("http://x")',
    reference: '+33',
    lot: 'Divers',
    unit: 'u',
    unitPriceCents: 123456,
    tvaRateBp: 550,
    description: '@SUM(A1)',
  };

  it('neutralises formula-like cells for spreadsheets, and the import gives them back unchanged', () => {
    const csv = toCsv([product]);
    const [, row] = parseCsv(csv.replace(/^\uFEFF/, ''));
    expect(row[0]).toBe('\'=HYPERLINK("http://x")');
    expect(row[1]).toBe("'+33");
    expect(row[4]).toBe('1234,56');
    expect(row[5]).toBe('5,5');
    expect(checkRow(row)).toEqual({ ok: true, product });
  });

  it('writes the bytes French Excel opens: BOM, `;`, CRLF, quotes only where needed', () => {
    const csv = toCsv([{ ...product, name: 'Évier ; "inox"', reference: '', description: 'Ligne 1\nLigne 2' }]);
    expect(csv).toBe('\uFEFFNom;Référence;Lot;Unité;Prix unitaire HT;TVA (%);Description\r\n"Évier ; ""inox""";;Divers;u;1234,56;5,5;"Ligne 1\nLigne 2"\r\n');
    expect(toCsv([])).toBe('\uFEFFNom;Référence;Lot;Unité;Prix unitaire HT;TVA (%);Description\r\n');
  });

  it('gives back a full-width formula sign neutralised on export', () => {
    const [, row] = parseCsv(toCsv([{ ...product, name: '\uFF1DSOMME(A1)' }]).replace(/^\uFEFF/, ''));
    expect(row[0]).toBe("'\uFF1DSOMME(A1)");
    expect(checkRow(row)).toMatchObject({ ok: true, product: { name: '\uFF1DSOMME(A1)' } });
  });

  it('reads LF, CR and CRLF alike, drops blank rows, and answers a quote never closed with a French 400', () => {
    expect(parseCsv('a;b\r\n;;\n\nc;"d\r\ne"\rf')).toEqual([['a', 'b'], ['c', 'd\r\ne'], ['f']]);
    expect(() => parseCsv('Nom;Lot\n"Évier;Plomberie\n')).toThrow(
      expect.objectContaining({ code: 'VALIDATION', status: 400, message: 'Le fichier CSV ne peut pas être lu : un guillemet ouvert n’est jamais fermé.' }),
    );
  });
});
