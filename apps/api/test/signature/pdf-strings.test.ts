import { describe, expect, it } from 'vitest';
import { pdfString } from '../../src/modules/signature/pdf-strings';

describe('PDF text strings of the signature dictionary', () => {
  it('reads PDFDocEncoding literals with their escapes', () => {
    expect(pdfString('/Reason (Devis sign\\351 \\(v2\\)\\nfin)', 'Reason')).toBe('Devis signé (v2)\nfin');
    expect(pdfString(`/Location (Ouvrage ${String.fromCharCode(0x84)} en ligne ${String.fromCharCode(0xa0)})`, 'Location')).toBe('Ouvrage — en ligne €');
  });

  it('reads UTF-16BE hex strings with their byte-order mark', () => {
    const hex = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('مرحبا ✓', 'utf16le').swap16()]).toString('hex');
    expect(pdfString(`/Reason <${hex}>`, 'Reason')).toBe('مرحبا ✓');
  });

  it('answers null when the entry is absent', () => {
    expect(pdfString('/Reason (x)', 'Location')).toBeNull();
  });
});
