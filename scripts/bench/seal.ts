/**
 * Platform seal (issue 10): time to append the audit certificate page to a 3-page quote and seal it
 * (one PAdES seal, incremental), each step and both together, with the CPU time of the process, and
 * the one-off cost of generating the platform's 3072-bit certificate at first start.
 *   npm run bench -- seal
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderQuotePdf } from '../../apps/api/src/modules/pdf';
import { appendAuditPage, loadOrCreateSealIdentity, sealPdf, type SealIdentity } from '../../apps/api/src/modules/signature';
import { auditOf } from '../../apps/api/test/signature/fixtures';
import { buildQuote, manyLines } from '../../apps/api/test/pdf/quote-fixture';
import { pdfPages } from '../../apps/api/test/pdf/pdf-text';
import { percentile } from './lib/stats';

const RUNS = 30;
const WARM_UP = 3;

async function measure(label: string, run: () => Promise<Buffer>) {
  for (let i = 0; i < WARM_UP; i += 1) await run();
  const times: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    bytes = (await run()).length;
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  console.log(
    `${label.padEnd(36)} p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms; ` +
      `CPU p50 ${percentile(cpu, 50).toFixed(0)} ms (${RUNS} fois, ${Math.round(bytes / 1024)} Ko)`,
  );
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ouvrage-bench-seal-'));
  try {
    const start = performance.now();
    const identity: SealIdentity = await loadOrCreateSealIdentity({ dataDir });
    console.log(`Certificat de la plateforme (RSA 3072) créé au premier démarrage en ${(performance.now() - start).toFixed(0)} ms`);
    const quote = await renderQuotePdf({
      quote: buildQuote({ lots: manyLines(40), overrides: { status: 'Envoyé' } }),
      logo: null,
      certificates: [],
      generatedAt: new Date('2026-11-23T10:00:00Z'),
    });
    console.log(`Devis de ${(await pdfPages(quote)).length} pages, ${Math.round(quote.length / 1024)} Ko`);
    const audit = auditOf(createHash('sha256').update(quote).digest('hex'));
    const withAudit = await appendAuditPage(quote, audit);
    const options = { reason: 'Devis signé', location: 'Ouvrage', name: 'Cachet Ouvrage' };
    await measure('page de certificat ajoutée', () => appendAuditPage(quote, audit));
    await measure('cachet PAdES', () => sealPdf(withAudit, identity, options));
    await measure('page de certificat + cachet', async () => sealPdf(await appendAuditPage(quote, audit), identity, options));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
