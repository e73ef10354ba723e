import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type PDFDocument from 'pdfkit';

/**
 * DejaVu Sans from the `dejavu-fonts-ttf` npm package (decision 0520): installed by `npm ci`, so a
 * fresh clone renders the same PDF as CI, with « € », « œ », « ’ » and non-breaking spaces.
 * The fonts are parsed once per process and shared by every document (pdfkit accepts a fontkit
 * font): parsing 2 MB of TrueType tables for each PDF cost more than laying out 200 lines.
 * Each document still embeds its own subset of the glyphs it uses.
 */
const require = createRequire(import.meta.url);

export const FONT = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold', italic: 'DejaVuSans-Oblique' } as const;
const FILES: Record<keyof typeof FONT, string> = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf', italic: 'DejaVuSans-Oblique.ttf' };

let cache: Record<keyof typeof FONT, fontkit.Font> | null = null;

function fonts(): Record<keyof typeof FONT, fontkit.Font> {
  if (!cache) {
    const open = (file: string) => fontkit.create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))) as fontkit.Font;
    cache = { regular: open(FILES.regular), bold: open(FILES.bold), italic: open(FILES.italic) };
  }
  return cache;
}

export function registerFonts(doc: InstanceType<typeof PDFDocument>): void {
  const parsed = fonts();
  // pdfkit's types only list paths and buffers; its font factory also takes a parsed fontkit font.
  for (const key of Object.keys(FONT) as Array<keyof typeof FONT>) doc.registerFont(FONT[key], parsed[key] as never);
}
