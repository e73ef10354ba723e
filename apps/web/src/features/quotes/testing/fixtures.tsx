import type { ReactElement } from 'react';
import type { QuoteDetail, QuoteLine, QuoteLot } from '@ouvrage/contracts';
import { lineNetCents } from '@ouvrage/domain';
import { renderWithProviders, type RenderOptions } from '../../../testing/render';

let nextId = 100;

/** A stored line; its net is computed by the domain, like the API does. */
export function line(overrides: Partial<QuoteLine> & Pick<QuoteLine, 'designation'>): QuoteLine {
  const base = {
    id: nextId++,
    product_id: null,
    description: '',
    quantity_milli: 1000,
    unit: 'u',
    unit_price_cents: 10_000,
    tva_rate_bp: 2000,
    discount_bp: 0,
    optional: false,
    chosen: false,
    ...overrides,
  };
  return { ...base, net_ht_cents: lineNetCents({ quantityMilli: base.quantity_milli, unitPriceCents: base.unit_price_cents, discountBp: base.discount_bp }) };
}

export function lot(title: string, lines: QuoteLine[]): QuoteLot {
  return { id: nextId++, title, lines, subtotal_ht_cents: lines.filter((l) => !l.optional).reduce((s, l) => s + l.net_ht_cents, 0) };
}

const insurance = {
  insurer: 'SMABTP',
  insurer_address: '8 rue Louis Armand, 75015 Paris',
  policy_number: 'D-123',
  coverage: 'France métropolitaine',
  valid_from: '2026-01-01',
  valid_until: '2026-12-31',
  has_certificate: true,
};

/** A sent quote; totals are whatever the test gives (the screens under test recompute what they show). */
export function quoteDetail(overrides: Partial<QuoteDetail> = {}): QuoteDetail {
  return {
    id: 7,
    root_id: 7,
    version: 1,
    number: 'D-2026-0007',
    label: 'D-2026-0007',
    status: 'Envoyé',
    title: 'Rénovation de la salle de bains',
    kind: 'travaux',
    project: { id: 3, title: 'Rénovation · Maison — Lyon', category: 'Rénovation', name: { category_name: 'Rénovation', bien_name: 'Maison', city: 'Lyon' } },
    issuer: {
      id: 2,
      name: 'Atelier Martin SARL',
      trade_name: null,
      legal_form: 'SARL',
      capital_cents: 1_000_000,
      address: '1 rue de la Paix, 75002 Paris',
      siret: '73282932000074',
      rcs_rm: 'RCS Paris 732 829 320',
      tva_number: 'FR44732829320',
      email: 'contact@atelier.fr',
      phone: '0612345678',
      decennale: insurance,
      rc_pro: insurance,
    },
    client: { id: 5, name: 'Julie Bernard', email: 'julie@example.fr', phone: null, address: { street: '3 rue Victor Hugo', postcode: '69002', city: 'Lyon' } },
    site_address: { street: '3 rue Victor Hugo', postcode: '69002', city: 'Lyon' },
    lots: [],
    totals: { total_ht_cents: 0, total_tva_cents: 0, total_ttc_cents: 0, by_rate: [] },
    accepted_totals: null,
    deposit_bp: 3000,
    deposit_cents: 0,
    validity_days: 30,
    valid_until: '2026-12-23',
    payment_terms: 'À 30 jours.',
    late_penalty_bp: 1000,
    retention_bp: 0,
    free_text: '',
    general_conditions: '',
    is_free: true,
    quote_price_cents: null,
    travel_cost_cents: null,
    works_start_date: null,
    works_duration_days: null,
    urgent_repair: false,
    client_type: 'particulier',
    mediator: null,
    accent_color: '#1c7ed6',
    has_logo: false,
    reduced_tva_certification: null,
    revision: 1,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-23T10:00:00.000Z',
    sent_at: '2026-11-23T10:00:00.000Z',
    accepted_at: null,
    refused_at: null,
    refusal_reason: null,
    cancelled_at: null,
    cancel_reason: null,
    validated_at: null,
    signed_at: null,
    versions: [],
    missing_mentions: [],
    can: { edit: false, delete: false, send: false, accept: false, refuse: false, cancel: false, validate: false, new_version: false, sign: false },
    ...overrides,
  };
}

/** Render inside the app's providers, under a router (the quote screens link everywhere). */
export function renderQuotes(ui: ReactElement, options: RenderOptions = {}) {
  return renderWithProviders(ui, { route: '/', ...options });
}
