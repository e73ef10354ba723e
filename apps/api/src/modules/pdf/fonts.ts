import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as fontkit from 'fontkit';
import type PDFDocument from 'pdfkit';
import { loadFontkit } from '../../lib/lazy-deps';

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

type Fonts = Record<keyof typeof FONT, fontkit.Font>;

let cache: Promise<Fonts> | null = null;

/** The parsed fonts, with fontkit loaded by the first document (decision 0863); a failed load is not kept. */
export function loadFonts(): Promise<Fonts> {
  if (!cache) {
    cache = loadFontkit().then((fontkit) => {
      const open = (file: string) => fontkit.create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))) as fontkit.Font;
      return { regular: open(FILES.regular), bold: open(FILES.bold), italic: open(FILES.italic) };
    });
    cache.catch(() => {
      cache = null;
    });
  }
  return cache;
}

export function registerFonts(doc: InstanceType<typeof PDFDocument>, parsed: Fonts): void {
  // pdfkit's types only list paths and buffers; its font factory also takes a parsed fontkit font.
  for (const key of Object.keys(FONT) as Array<keyof typeof FONT>) doc.registerFont(FONT[key], parsed[key] as never);
}
