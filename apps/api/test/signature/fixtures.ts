import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderQuotePdf } from '../../src/modules/pdf';
import type { AuditTrail } from '../../src/modules/signature';
import { buildQuote, manyLines } from '../pdf/quote-fixture';

export const tempDataDir = () => mkdtempSync(join(tmpdir(), 'ouvrage-seal-'));

/** A real quote of several pages, as the quotes module renders it. */
export const quotePdf = (lines = 40) =>
  renderQuotePdf({
    quote: buildQuote({ lots: manyLines(lines), overrides: { status: 'Envoyé' } }),
    logo: null,
    certificates: [],
    generatedAt: new Date('2026-11-23T10:00:00Z'),
  });

/** Two signers and their events; one in summer time (UTC+2), the rest in winter time (UTC+1). */
export function auditOf(documentSha256: string): AuditTrail {
  return {
    title: 'Devis D-2026-0042 — Rénovation de la salle de bains',
    documentSha256,
    signers: [
      {
        name: 'Marie Dupont',
        email: 'marie.dupont@example.fr',
        ip: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0',
        signedAt: new Date('2026-11-23T21:05:03Z'),
      },
      {
        name: 'Karim Benali',
        email: 'karim.benali@example.fr',
        ip: '2001:db8::42',
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1) Safari/604.1',
        signedAt: new Date('2026-11-24T07:30:59Z'),
      },
    ],
    events: [
      { at: new Date('2026-07-01T10:00:00Z'), label: 'Document envoyé pour signature', actor: 'Cabinet Martin Architecture' },
      { at: new Date('2026-11-23T21:04:10Z'), label: 'Code envoyé par e-mail', actor: 'marie.dupont@example.fr' },
      { at: new Date('2026-11-23T21:05:03Z'), label: 'Document signé', actor: 'Marie Dupont' },
      { at: new Date('2026-11-24T07:30:59Z'), label: 'Document signé', actor: 'Karim Benali' },
    ],
  };
}
