import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { extractText } from 'unpdf';

/** Spaces of every kind (the PDF keeps amounts together with non-breaking ones) read as one space. */
export const normalise = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/** The text of each page, normalised. */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: false });
  return text.map(normalise);
}

export async function pdfText(pdf: Buffer): Promise<string> {
  return (await pdfPages(pdf)).join(' ');
}

/** Debian's pdffonts (poppler-utils), when installed: one row per font with its « emb » column. */

export function pdfFonts(pdf: Buffer): Array<{ name: string; embedded: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), 'ouvrage-pdffonts-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    const out = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    return out
      .split('\n')
      .slice(2)
      .filter((l) => l.trim())
      .map((line) => {
        const cols = line.trim().split(/\s+/);
        // name type… encoding emb sub uni object ID: « emb » is the fifth column from the end.
        return { name: cols[0], embedded: cols[cols.length - 5] === 'yes' };
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A two-page PDF certificate, as an insurer would send it. */
export function certificatePdf(lines: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    lines.forEach((line, i) => {
      if (i > 0) doc.addPage();
      doc.fontSize(20).text(line, 72, 100);
    });
    doc.end();
  });
}
