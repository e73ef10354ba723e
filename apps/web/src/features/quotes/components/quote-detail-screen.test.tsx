// @vitest-environment jsdom
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { addDays, formatEuros, reducedTvaCertification, systemClock, todayInParis } from '@ouvrage/domain';
import { line, lot, quoteDetail, renderQuotes } from '../testing/fixtures';
import QuoteDetailScreen from './quote-detail-screen';

const tiles = line({ designation: 'Carrelage mural', quantity_milli: 12_500, unit: 'm²', unit_price_cents: 4_590, tva_rate_bp: 1000 });
const towel = line({ designation: 'Sèche-serviettes', unit: 'forfait', unit_price_cents: 24_950, tva_rate_bp: 550, optional: true });
const quote = quoteDetail({
  label: 'D-2026-0007 v2',
  version: 2,
  valid_until: addDays(todayInParis(systemClock), 5),
  lots: [lot('Carrelage', [tiles, towel])],
  totals: { total_ht_cents: 57_375, total_tva_cents: 5_738, total_ttc_cents: 63_113, by_rate: [{ rate_bp: 1000, base_cents: 57_375, tva_cents: 5_738 }] },
  deposit_cents: 18_934,
  reduced_tva_certification: reducedTvaCertification([1000, 550]),
  can: { edit: false, delete: false, send: false, accept: true, refuse: true, cancel: false, validate: false, new_version: false, sign: false },
  versions: [
    { id: 5, version: 1, label: 'D-2026-0007', status: 'Refusé', sent_at: '2026-11-10T09:00:00.000Z', total_ttc_cents: 70_000 },
    { id: 7, version: 2, label: 'D-2026-0007 v2', status: 'Envoyé', sent_at: '2026-11-23T09:00:00.000Z', total_ttc_cents: 63_113 },
  ],
});

vi.mock('../../../lib/endpoint-client', () => ({ callEndpoint: async () => quote }));

function renderAt(route: string, lng: 'fr' | 'ar' = 'fr') {
  return renderQuotes(
    <Routes>
      <Route path="/devis/:id" element={<QuoteDetailScreen />} />
    </Routes>,
    { route, lng },
  );
}

describe('QuoteDetailScreen', () => {
  it('shows the header, validity, lines with the option marked, totals per rate, deposit and certification', async () => {
    renderAt('/devis/7');
    expect((await screen.findByTestId('quote-label')).textContent).toBe('Devis D-2026-0007 v2');
    expect(screen.getByTestId('quote-validity').textContent).toMatch(/expire dans 5 jours$/);
    expect(within(screen.getByTestId(`quote-line-${towel.id}`)).getByText('En option')).toBeTruthy();
    expect(screen.getByTestId('totals-tva-1000').textContent).toBe(`TVA 10 % sur ${formatEuros(57_375)}${formatEuros(5_738)}`);
    expect(screen.getByTestId('totals-ttc').textContent).toBe(`Total TTC${formatEuros(63_113)}`);
    expect(screen.getByTestId('totals-deposit').textContent).toBe(`Acompte (30 %)${formatEuros(18_934)}`);
    expect(screen.getByTestId('quote-certification').textContent).toContain('achevé depuis plus de deux ans');
    expect(screen.getByTestId('quote-pdf').textContent).toBe('Télécharger le PDF');
    expect(screen.getByTestId('quote-versions')).toBeTruthy();
    expect(screen.getByTestId('quote-accept')).toBeTruthy();
    expect(screen.queryByTestId('accept-confirm')).toBeNull();
  });

  it('opens the accept modal when reached from the comparison (?accepter=1)', async () => {
    renderAt('/devis/7?accepter=1');
    expect(await screen.findByTestId('accept-confirm')).toBeTruthy();
  });

  it('reads in Arabic', async () => {
    // The formats follow the app's own i18next instance, as in the browser (lib/format).
    const app = (await import('i18next')).default;
    if (!app.isInitialized) await app.init({ lng: 'fr', resources: {} });
    await app.changeLanguage('ar');
    onTestFinished(() => void app.changeLanguage('fr'));
    renderAt('/devis/7', 'ar');
    expect((await screen.findByTestId('quote-pdf')).textContent).toBe('تنزيل ملف PDF');
    expect(screen.getAllByTestId('quote-status')[0].textContent).toBe('مُرسَل');
    // Amounts in Arabic's own format, not the French one (which the bidi order turned into « € 131,63 6 »).
    expect(screen.getByTestId('totals-ttc').textContent).toContain('631.13');
    expect(screen.getByTestId('totals-ttc').textContent).not.toContain('631,13');
    // A party's address keeps its number first: its own direction.
    expect(within(screen.getByTestId('quote-issuer')).getByText('1 rue de la Paix, 75002 Paris').tagName).toBe('BDI');
    // A unit in words is translated; a symbol stays.
    expect(within(screen.getByTestId(`quote-line-${towel.id}`)).getByText('مبلغ جزافي')).toBeTruthy();
    expect(within(screen.getByTestId(`quote-line-${tiles.id}`)).getByText('m²')).toBeTruthy();
  });
});
