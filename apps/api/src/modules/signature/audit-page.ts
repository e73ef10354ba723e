import { formatParisDateTime } from '@ouvrage/domain';
import { loadLibPdf } from '../../lib/lazy-deps';
import { CONTENT_WIDTH, createDocument, type Doc, ensureSpace, finish, FONT, MARGIN, MUTED, paragraph, style } from '../pdf';

export interface AuditSigner {
  name: string;
  email: string;
  ip: string;
  userAgent: string;
  signedAt: Date;
}

export interface AuditEvent {
  at: Date;
  label: string;
  actor?: string;
}

export interface AuditTrail {
  title: string;
  /** SHA-256 of the original document, lower-case hex. */
  documentSha256: string;
  signers: AuditSigner[];
  events: AuditEvent[];
}

export const AUDIT_PAGE_TITLE = 'Certificat de signature électronique';

/** « 23/11/2026 22:09:07 » in Paris time: an audit trail needs the seconds. */
export const formatAuditTime = (at: Date) => `${formatParisDateTime(at, 'seconds')} (heure de Paris)`;

/**
 * Appends the audit certificate (decision 0603): one or more A4 pages in French drawn with pdfkit
 * and the platform's DejaVu fonts, then copied after the document's own pages with @libpdf/core in
 * an incremental update: the input bytes stay a prefix of the output, so the original's SHA-256
 * printed on the page can still be checked, and a signature the input already carries stays valid.
 */
export async function appendAuditPage(pdf: Buffer, audit: AuditTrail): Promise<Buffer> {
  const pages = await renderAuditPages(audit);
  const { PDF } = await loadLibPdf();
  const target = await PDF.load(new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  const source = await PDF.load(new Uint8Array(pages.buffer, pages.byteOffset, pages.byteLength));
  await target.copyPagesFrom(source, [...Array(source.getPageCount()).keys()]);
  const bytes = await target.save({ incremental: true });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The audit certificate alone, as its own PDF. */
export async function renderAuditPages(audit: AuditTrail): Promise<Buffer> {
  const doc = await createDocument({ title: AUDIT_PAGE_TITLE, author: 'Ouvrage', subject: audit.title, createdAt: new Date() });
  style(doc, { font: FONT.bold, size: 16 }).text(AUDIT_PAGE_TITLE, MARGIN.side, MARGIN.top, { width: CONTENT_WIDTH });
  doc.y += 8;
  field(doc, 'Document', audit.title);
  field(doc, 'Empreinte SHA-256 du document original', audit.documentSha256);
  paragraph(doc, 'Cette empreinte identifie le document présenté aux signataires ; toute modification du document la change.', { color: MUTED, size: 8 }, 8);

  heading(doc, audit.signers.length > 1 ? 'Signataires' : 'Signataire');
  for (const s of audit.signers) {
    ensureSpace(doc, 70);
    style(doc, { font: FONT.bold, size: 10 }).text(s.name, MARGIN.side, doc.y, { width: CONTENT_WIDTH });
    paragraph(doc, `Adresse e-mail : ${s.email}`, {}, 1);
    paragraph(doc, `Signé le : ${formatAuditTime(s.signedAt)}`, {}, 1);
    paragraph(doc, `Adresse IP : ${s.ip}`, {}, 1);
    paragraph(doc, `Navigateur (user agent) : ${s.userAgent}`, { size: 8, color: MUTED }, 8);
  }

  heading(doc, 'Journal des événements');
  for (const e of [...audit.events].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    paragraph(doc, `${formatAuditTime(e.at)} — ${e.label}${e.actor ? ` (${e.actor})` : ''}`, {}, 2);
  }
  doc.y += 8;
  paragraph(
    doc,
    'Le document est scellé par le cachet électronique de la plateforme Ouvrage (PAdES) : tout lecteur PDF peut vérifier que le fichier n’a pas été modifié depuis.',
    { color: MUTED, size: 8 },
  );
  return finish(doc);
}

function heading(doc: Doc, text: string): void {
  ensureSpace(doc, 50);
  doc.y += 6;
  style(doc, { font: FONT.bold, size: 12 }).text(text, MARGIN.side, doc.y, { width: CONTENT_WIDTH });
  doc.y += 4;
}

function field(doc: Doc, label: string, value: string): void {
  paragraph(doc, label, { font: FONT.bold, size: 9 }, 1);
  paragraph(doc, value, { size: 10 }, 5);
}
