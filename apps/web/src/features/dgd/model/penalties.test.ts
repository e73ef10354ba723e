import { describe, expect, it } from 'vitest';
import { penaltiesBody } from './penalties';

describe('penaltiesBody', () => {
  it('reads euros as cents and leaves out empty rows', () => {
    expect(
      penaltiesBody([
        { label: ' Retard ', amount: '150,50' },
        { label: '', amount: '' },
      ]),
    ).toEqual({
      ok: true,
      penalties: [{ label: 'Retard', amount_cents: 15_050 }],
    });
  });
  it('answers the refusal of an amount that is not one', () => {
    const read = penaltiesBody([{ label: 'Retard', amount: 'abc' }]);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.refusal.code).toMatch(/^MONEY_/);
  });
});
