import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { appendAuditPage, type AuditTrail, loadOrCreateSealIdentity, sealPdf } from '../../src/modules/signature';
import { pdfPages } from '../pdf/pdf-text';
import { auditOf, quotePdf, tempDataDir } from './fixtures';
import { pdfsig } from './pdfsig';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let original: Buffer;
let originalPages: string[];
let audit: AuditTrail;
let withAudit: Buffer;
let pages: string[];

beforeAll(async () => {
  original = await quotePdf();
  originalPages = await pdfPages(original);
  audit = auditOf(sha256(original));
  withAudit = await appendAuditPage(original, audit);
  pages = await pdfPages(withAudit);
}, 60_000);

describe('audit certificate page', () => {
  it('is one A4 page appended after the unchanged pages of the document', () => {
    expect(originalPages.length).toBeGreaterThanOrEqual(3);
    expect(pages.length).toBe(originalPages.length + 1);
    expect(pages.slice(0, originalPages.length)).toEqual(originalPages);
  });

  it('is an incremental update: the original bytes, whose SHA-256 the page prints, are a prefix of the result', () => {
    expect(withAudit.subarray(0, original.length).equals(original)).toBe(true);
    expect(sha256(withAudit.subarray(0, original.length))).toBe(audit.documentSha256);
  });

  it('keeps valid a signature the document already carries (a contract signed elsewhere)', async () => {
    const identity = await loadOrCreateSealIdentity({ dataDir: tempDataDir(), keyBits: 2048 });
    const signedElsewhere = await sealPdf(original, identity, { reason: 'Contrat signé', location: 'Ailleurs', name: 'Signature externe' });
    const out = pdfsig(await appendAuditPage(signedElsewhere, audit));
    expect(out).toContain('Signature Field Name: Signature externe');
    expect(out).toContain('Signature is Valid');
    expect(out).toContain('Not total document signed');
  });

  it('names the document and the SHA-256 of the original', () => {
    const page = pages[pages.length - 1];
    expect(page).toContain('Certificat de signature électronique');
    expect(page).toContain('Devis D-2026-0042 — Rénovation de la salle de bains');
    expect(page).toContain(sha256(original));
  });

  it('lists each signer with e-mail, IP and user agent, and each event in Paris time', () => {
    const page = pages[pages.length - 1];
    for (const s of audit.signers) {
      expect(page).toContain(s.name);
      expect(page).toContain(`Adresse e-mail : ${s.email}`);
      expect(page).toContain(`Adresse IP : ${s.ip}`);
      expect(page).toContain(s.userAgent);
    }
    // 21:05:03 UTC in November is 22:05:03 in Paris; 10:00 UTC on 1 July is noon (summer time).
    expect(page).toContain('Signé le : 23/11/2026 22:05:03 (heure de Paris)');
    expect(page).toContain('Signé le : 24/11/2026 08:30:59 (heure de Paris)');
    expect(page).toContain('01/07/2026 12:00:00 (heure de Paris) — Document envoyé pour signature (Cabinet Martin Architecture)');
    expect(page).toContain('23/11/2026 22:04:10 (heure de Paris) — Code envoyé par e-mail (marie.dupont@example.fr)');
    expect(page).toContain('24/11/2026 08:30:59 (heure de Paris) — Document signé (Karim Benali)');
  });

  it('continues on further pages when the trail is long, losing no event', async () => {
    const events = Array.from({ length: 90 }, (_, i) => ({ at: new Date(Date.UTC(2026, 10, 23, 8, i)), label: `Consultation n° ${i + 1}` }));
    const long = await pdfPages(await appendAuditPage(original, { ...audit, events }));
    expect(long.length).toBeGreaterThan(originalPages.length + 1);
    const text = long.slice(originalPages.length).join(' ');
    const numbers = [...text.matchAll(/Consultation n° (\d+)/g)].map((m) => Number(m[1]));
    expect(numbers).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
    // 08:29 UTC in November is 09:29 in Paris.
    expect(text).toContain('23/11/2026 09:29:00 (heure de Paris) — Consultation n° 30');
  });
});
