import { describe, expect, it } from 'vitest';
import { checkRow, parseCsv, toCsv } from '../../src/modules/products/csv';

describe('products CSV', () => {
  const product = { name: '=HYPERLINK("http://x")', reference: '+33', lot: 'Divers', unit: 'u', unitPriceCents: 123456, tvaRateBp: 550, description: '@SUM(A1)' };

  it('neutralises formula-like cells for spreadsheets, and the import gives them back unchanged', () => {
    const csv = toCsv([product]);
    const [, row] = parseCsv(csv.replace(/^\uFEFF/, ''));
    expect(row[0]).toBe('\'=HYPERLINK("http://x")');
    expect(row[1]).toBe("'+33");
    expect(row[4]).toBe('1234,56');
    expect(row[5]).toBe('5,5');
    expect(checkRow(row)).toEqual({ ok: true, product });
  });
});
