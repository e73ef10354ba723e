import type PDFDocument from 'pdfkit';
import { loadPdfkit } from '../../lib/lazy-deps';
import { FONT, loadFonts, registerFonts } from './fonts';

/**
 * A4 page geometry and the few drawing habits every document shares (quotes now, invoices next):
 * a content box between the margins, a reserved footer band, and `ensureSpace` which starts a new
 * page when a block would not fit, so that no block is ever cut by the page end.
 */
export const A4 = { width: 595.28, height: 841.89 } as const;
export const MARGIN = { top: 40, side: 40, bottom: 56 } as const;
export const CONTENT_WIDTH = A4.width - 2 * MARGIN.side;
export const CONTENT_BOTTOM = A4.height - MARGIN.bottom;

export const INK = '#1d1d1f';
export const MUTED = '#5f6368';
export const RULE = '#d0d4d9';
export const SHADE = '#f2f4f7';

export type Doc = InstanceType<typeof PDFDocument>;

export interface Palette {
  /** Fills (lot bands, the TTC row). */
  accent: string;
  /** Text drawn on the accent colour: white or black, whichever reads better. */
  onAccent: string;
  /** The accent darkened until it reads on white (WCAG contrast ≥ 4.5): titles and labels. */
  text: string;
}

const DEFAULT_ACCENT = '#1f4e79';

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
function luminance(rgb: number[]): number {
  const [r, g, b] = rgb.map((v) => v / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const hex = (rgb: number[]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** The quote's accent colour when valid (#RRGGBB), with the colours that keep text readable with it. */
export function paletteOf(accent: string | null | undefined): Palette {
  const colour = accent && /^#[0-9a-fA-F]{6}$/.test(accent) ? accent.toLowerCase() : DEFAULT_ACCENT;
  const rgb = channels(colour);
  const l = luminance(rgb);
  // Contrast against white is 1.05 / (L + 0.05); against black (L + 0.05) / 0.05: pick the larger.
  const onAccent = 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#000000';
  let text = rgb;
  for (let k = 0.9; 1.05 / (luminance(text) + 0.05) < 4.5 && k > 0; k -= 0.1) text = rgb.map((v) => v * k);
  return { accent: colour, onAccent, text: hex(text) };
}

/**
 * `pdfa`: pdfkit options for PDF/A (the Factur-X invoices pass `PDFA_OPTIONS`, decision 0710).
 * pdfkit and the fonts are loaded by the first document (decision 0863).
 */
export async function createDocument(info: {
  title: string;
  author: string;
  subject: string;
  createdAt: Date;
  pdfa?: { subset: 'PDF/A-3b'; pdfVersion: '1.7' };
}): Promise<Doc> {
  const [PDFDocument, fonts] = await Promise.all([loadPdfkit(), loadFonts()]);
  const doc = new PDFDocument({
    ...info.pdfa,
    size: 'A4',
    margins: { top: MARGIN.top, left: MARGIN.side, right: MARGIN.side, bottom: MARGIN.bottom },
    bufferPages: true,
    lang: 'fr-FR',
    displayTitle: true,
    info: { Title: info.title, Author: info.author, Subject: info.subject, Creator: 'Ouvrage', Producer: 'Ouvrage', CreationDate: info.createdAt },
  });
  registerFonts(doc, fonts);
  doc.font(FONT.regular).fontSize(9).fillColor(INK);
  return doc;
}

export function newPage(doc: Doc): void {
  doc.addPage();
  doc.y = MARGIN.top;
}

/** Starts a new page unless `height` more points fit below `doc.y`; true when it did. */
export function ensureSpace(doc: Doc, height: number): boolean {
  if (doc.y + height <= CONTENT_BOTTOM) return false;
  newPage(doc);
  return true;
}

/** Text of a given style, measured or drawn the same way. */
export interface TextStyle {
  font?: string;
  size?: number;
  color?: string;
}

export function style(doc: Doc, s: TextStyle): Doc {
  return doc
    .font(s.font ?? FONT.regular)
    .fontSize(s.size ?? 9)
    .fillColor(s.color ?? INK);
}

/** Height `text` takes in `width` with style `s`. */
export function measure(doc: Doc, text: string, width: number, s: TextStyle = {}, lineGap = 1): number {
  style(doc, s);
  return text ? doc.heightOfString(text, { width, lineGap }) : 0;
}

/**
 * One line of text that is never wrapped: set in the current style, or smaller when it would not
 * fit in `width` (a very large amount in its column).
 */
export function fitLine(doc: Doc, text: string, x: number, y: number, width: number, align: 'left' | 'right' | 'center' = 'left'): void {
  const size = (doc as unknown as { _fontSize: number })._fontSize;
  const natural = doc.widthOfString(text);
  if (natural > width) doc.fontSize((size * width) / natural);
  doc.text(text, x, y, { width, align, lineBreak: false });
  doc.fontSize(size);
}

/** A section title in the accent colour with a thin rule under it. */
export function sectionTitle(doc: Doc, title: string, palette: Palette, keepWith = 30): void {
  ensureSpace(doc, 22 + keepWith);
  doc.y += 6;
  style(doc, { font: FONT.bold, size: 10.5, color: palette.text }).text(title, MARGIN.side, doc.y, { width: CONTENT_WIDTH });
  doc
    .moveTo(MARGIN.side, doc.y + 1)
    .lineTo(MARGIN.side + CONTENT_WIDTH, doc.y + 1)
    .lineWidth(0.6)
    .strokeColor(palette.accent)
    .stroke();
  doc.y += 5;
}

/** A paragraph across the content width, moved to a new page if it would not fit whole (up to a page). */
export function paragraph(doc: Doc, text: string, s: TextStyle = {}, gapAfter = 3): void {
  if (!text.trim()) return;
  const height = measure(doc, text, CONTENT_WIDTH, s);
  ensureSpace(doc, Math.min(height, CONTENT_BOTTOM - MARGIN.top));
  style(doc, s).text(text, MARGIN.side, doc.y, { width: CONTENT_WIDTH, lineGap: 1 });
  doc.y += gapAfter;
}

/** Resolves with the whole file once pdfkit has written it. */
export function finish(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
