import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';

/**
 * DejaVu Sans from the `dejavu-fonts-ttf` npm package (decision 0520): installed by `npm ci`, so a
 * fresh clone renders the same PDF as CI, with « € », « œ », « ’ » and non-breaking spaces.
 * The files are read once per process; pdfkit embeds a subset of the glyphs used in each document.
 */
const require = createRequire(import.meta.url);

export const FONT = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold', italic: 'DejaVuSans-Oblique' } as const;

let cache: Record<keyof typeof FONT, Buffer> | null = null;

function fontFiles(): Record<keyof typeof FONT, Buffer> {
  if (!cache) {
    const read = (file: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
    cache = { regular: read('DejaVuSans.ttf'), bold: read('DejaVuSans-Bold.ttf'), italic: read('DejaVuSans-Oblique.ttf') };
  }
  return cache;
}

export function registerFonts(doc: PDFKit.PDFDocument | InstanceType<typeof PDFDocument>): void {
  const files = fontFiles();
  for (const key of Object.keys(FONT) as Array<keyof typeof FONT>) doc.registerFont(FONT[key], files[key]);
}
