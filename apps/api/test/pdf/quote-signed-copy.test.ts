import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderQuotePdfWithBox } from '../../src/modules/pdf';
import { placeSignatures } from '../../src/modules/signature/place-signatures';
import { buildQuote } from './quote-fixture';
import { pdfPages } from './pdf-text';

/** The signed copy carries the signature's date in the « Bon pour accord » box itself, not only on the audit page (decision 1043). */
describe('the signed quote: the date in its signature box', () => {
  it('writes « Signé électroniquement le … » on the box’s page, under each signer’s image, the original a prefix', async () => {
    const { bytes, signatureBox } = await renderQuotePdfWithBox({
      quote: buildQuote(),
      logo: null,
      certificates: [],
      generatedAt: new Date('2026-11-23T10:00:00Z'),
    });
    const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } })
      .png()
      .toBuffer();
    const before = await pdfPages(bytes);
    expect(before[signatureBox.page]).toContain('Date de signature : ____ / ____ / ________');
    expect(before.join(' ')).not.toContain('Signé électroniquement');

    const signedAt = new Date('2026-12-01T20:05:00Z');
    const signed = await placeSignatures(bytes, signatureBox, [{ name: 'Chloé Dupont-Lefèvre', signedAt, png }]);
    expect(signed.subarray(0, bytes.length).equals(bytes)).toBe(true);
    const pages = await pdfPages(signed);
    expect(pages.length).toBe(before.length);
    expect(pages[signatureBox.page]).toContain('Bon pour accord');
    expect(pages[signatureBox.page]).toMatch(/Signé électroniquement le 01\/12\/2026 21:05:00 \(heure de Paris\)/);
  });
});
