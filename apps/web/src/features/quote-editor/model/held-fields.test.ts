import { describe, expect, it } from 'vitest';
import { saveableBody } from './held-fields';
import { contentBody, newDraft } from './draft';

const base = () => {
  const draft = newDraft({
    title: 'Cuisine',
    clientAddress: null,
    siteAddress: { street: '1 rue Neuve', postcode: '69001', city: 'Lyon' },
    settings: undefined,
  });
  return contentBody(draft);
};

/** A field outside the lots that is not valid yet keeps its last saved value; the rest is saved (issue 36 §1). */
describe('saveableBody', () => {
  it('sends a valid body as it is', () => {
    const body = base();
    expect(saveableBody(body, body)).toEqual({ body, held: {} });
  });

  it('holds a postcode of three digits and a duration of 0 days at their saved values, and saves the title typed with them', () => {
    const saved = base();
    const typed = { ...saved, title: 'Cuisine et cellier', site_address: { ...saved.site_address!, postcode: '690' }, works_duration_days: 0 };
    const { body, held } = saveableBody(typed, saved);
    expect(body.title).toBe('Cuisine et cellier');
    expect(body.site_address).toEqual(saved.site_address);
    expect(body.works_duration_days).toBe(saved.works_duration_days);
    expect(Object.keys(held).sort()).toEqual(['site_address.postcode', 'works_duration_days']);
    expect(held.works_duration_days).toMatch(/au moins 1 jour/);
  });

  it('leaves the lines to the API, and a field never saved as it is', () => {
    const saved = base();
    const typed = { ...saved, lots: [{ title: 'Lot', lines: [{ ...emptyLineBody(), discount_bp: -5 }] }] };
    expect(saveableBody(typed, saved).held).toEqual({});
    expect(saveableBody({ ...saved, validity_days: 0 }, null).held).toEqual({});
  });
});

function emptyLineBody() {
  return {
    product_id: null,
    designation: 'Prise',
    description: '',
    quantity_milli: 1000,
    unit: 'u' as const,
    unit_price_cents: 100,
    tva_rate_bp: 2000,
    discount_bp: 0,
    optional: false,
  };
}
