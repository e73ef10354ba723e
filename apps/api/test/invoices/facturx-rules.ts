import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * The published rules a plateforme agréée applies to a Factur-X XML (decision 1010): FNFE-MPE
 * France_RFE 1.4.0 (Apache-2.0, vendored unchanged with its LICENSE under
 * `test/fixtures/fnfe-france-rfe-1.4.0/`), XSLT 2.0 run with Saxon-JS (`xslt3`, test only).
 *
 * Compiling a stylesheet to SEF takes 15–60 s (measured), running the three on an invoice ~1–2 s: each SEF is kept, gzipped,
 * beside its XSLT as `sef/<name>.<sha256 of the XSLT, 12>.sef.json.gz` and committed, so a fresh
 * clone runs at once; a changed XSLT has a new hash and is compiled again on first use.
 */
const require = createRequire(import.meta.url);
// saxon-js ships no types; only `transform` is used.
const SaxonJS = require('saxon-js') as { transform: (options: Record<string, unknown>, mode: 'async') => Promise<{ principalResult: string }> };

const RULES_DIR = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/fnfe-france-rfe-1.4.0');

export const RULE_SETS = {
  /** CEN EN 16931 business rules for CII (BR-*, BR-CO-*). */
  en16931: 'CII/EN16931/2xslt/EN16931-CII-validation.xslt',
  /** Factur-X EN16931 profile rules (reads FACTUR-X_EN16931_codedb.xml beside it). */
  facturx: 'Factur-X/EN16931/2xslt/FACTUR-X_EN16931.xslt',
  /** The French rules of the reform (BR-FR-*), fatal. */
  france: 'Factur-X/EN16931/2xslt/BR-FR-Flux2-Schematron-CII.xslt',
  /** The French rules of a lifecycle status message (CDAR « CDV », BR-FR-CDV-*), decision 1211. */
  cdar: 'CDAR/2xslt/BR-FR-CDV-Schematron-CDAR.xslt',
} as const;
export type RuleSet = keyof typeof RULE_SETS;
/** The rule sets a plateforme applies to an invoice's XML (`fatalAsserts`). */
const INVOICE_RULE_SETS: RuleSet[] = ['en16931', 'facturx', 'france'];

const compiled = new Map<RuleSet, Record<string, unknown>>();

function sef(set: RuleSet): Record<string, unknown> {
  const cachedSef = compiled.get(set);
  if (cachedSef) return cachedSef;
  const xslt = join(RULES_DIR, RULE_SETS[set]);
  const hash = createHash('sha256').update(readFileSync(xslt)).digest('hex').slice(0, 12);
  const name = RULE_SETS[set]
    .split('/')
    .pop()!
    .replace(/\.xslt$/, '');
  const file = join(dirname(xslt), 'sef', `${name}.${hash}.sef.json.gz`);
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    const out = `${file}.${process.pid}.json`;
    execFileSync(process.execPath, [require.resolve('xslt3/xslt3.js'), `-xsl:${xslt}`, `-export:${out}`, '-nogo', '-relocate:on'], {
      stdio: 'pipe',
      maxBuffer: 64 * 1024 * 1024,
    });
    writeFileSync(`${out}.gz`, gzipSync(readFileSync(out), { level: 9 }));
    rmSync(out);
    // Two workers may compile at once: the rename is atomic, the last one wins with the same bytes.
    renameSync(`${out}.gz`, file);
  }
  const stylesheet = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as Record<string, unknown>;
  compiled.set(set, stylesheet);
  return stylesheet;
}

export interface FailedAssert {
  /** The rule, e.g. BR-FR-08 or BR-CO-16 (the assert's id, else the start of its text). */
  id: string;
  /** `fatal` or `warning`; an assert without a flag (most Factur-X profile rules) is an error, so `fatal`. */
  flag: string;
  location: string;
  text: string;
}

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const attribute = (tag: string, name: string) => decode(new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? '');

/** Every `svrl:failed-assert` a rule set reports on `xml`. */
export async function failedAsserts(set: RuleSet, xml: string): Promise<FailedAssert[]> {
  const xslt = join(RULES_DIR, RULE_SETS[set]);
  const { principalResult } = await SaxonJS.transform(
    // The base URI is the XSLT's own, so `document('FACTUR-X_EN16931_codedb.xml')` finds the code lists beside it.
    { stylesheetInternal: sef(set), stylesheetBaseURI: pathToFileURL(xslt).href, sourceText: xml, destination: 'serialized' },
    'async',
  );
  return [...principalResult.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)].map((m) => {
    const text = decode(/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2])?.[1] ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    return { id: attribute(m[1], 'id') || text.slice(0, 60), flag: attribute(m[1], 'flag') || 'fatal', location: attribute(m[1], 'location'), text };
  });
}

/** The fatal failed asserts of the three invoice rule sets, as « set: rule — text » lines (`[]` when a plateforme would accept the XML). */
export async function fatalAsserts(xml: string): Promise<string[]> {
  const out: string[] = [];
  for (const set of INVOICE_RULE_SETS) {
    for (const a of await failedAsserts(set, xml)) if (a.flag === 'fatal') out.push(`${set}: ${a.id} — ${a.text} @ ${a.location}`);
  }
  return out;
}
