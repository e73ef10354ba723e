/**
 * Quote PDF (issue 9 « Tests and figures »): render time of a 200-line quote in 5 lots (target
 * p95 < 300 ms), with and without a 2-page PDF insurance certificate annexed, and the process
 * memory (RSS, heap) around the runs. Wall time suffers when the machine is busy; the CPU time
 * of the process (all its threads) per render says what the render itself costs.
 *   npm run bench -- quote-pdf
 */
import sharp from 'sharp';
import { renderQuotePdf } from '../../apps/api/src/modules/pdf';
import { buildQuote, manyLines } from '../../apps/api/test/pdf/quote-fixture';
import { certificatePdf } from '../../apps/api/test/pdf/pdf-text';
import { percentile } from './lib/stats';

const RUNS = 40;
const WARM_UP = 5;
const TARGET_MS = 300;
const MB = 1024 * 1024;

const mb = (bytes: number) => `${Math.round(bytes / MB)} Mo`;

async function measure(label: string, render: () => Promise<Buffer>) {
  for (let i = 0; i < WARM_UP; i += 1) await render();
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 5);
  const times: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const pdf = await render();
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
    bytes = pdf.length;
    // Let the sampler run between renders.
    await new Promise((resolve) => setImmediate(resolve));
  }
  clearInterval(sampler);
  const [p50, p95] = [percentile(times, 50), percentile(times, 95)];
  console.log(
    `${label.padEnd(34)} p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms; CPU p50 ${percentile(cpu, 50).toFixed(0)} ms, p95 ${percentile(cpu, 95).toFixed(0)} ms ` +
      `(${RUNS} rendus, ${Math.round(bytes / 1024)} Ko) — ` +
      `RSS ${mb(before.rss)} → pic ${mb(peakRss)}, tas ${mb(before.heapUsed)} → pic ${mb(peakHeap)} — objectif p95 < ${TARGET_MS} ms : ${p95 < TARGET_MS ? 'atteint' : 'NON atteint'}`,
  );
}

async function main() {
  const quote = buildQuote({ lots: manyLines(200) });
  const generatedAt = new Date('2026-11-23T10:00:00Z');
  const logo = {
    bytes: await sharp({ create: { width: 400, height: 160, channels: 3, background: '#2f6f4e' } })
      .png()
      .toBuffer(),
    mime: 'image/png',
  };
  const certificate = await certificatePdf(['Attestation d’assurance', 'Conditions particulières']);
  await measure('200 lignes, logo', () => renderQuotePdf({ quote, logo, certificates: [], generatedAt }));
  await measure('200 lignes, logo, attestation PDF', () =>
    renderQuotePdf({ quote, logo, certificates: [{ kind: 'decennale', name: 'attestation.pdf', mime: 'application/pdf', bytes: certificate }], generatedAt }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
