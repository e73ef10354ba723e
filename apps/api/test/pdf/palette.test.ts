import { describe, expect, it } from 'vitest';
import { paletteOf } from '../../src/modules/pdf/layout';

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrastOnWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('PDF palette from the quote’s accent colour', () => {
  it('keeps a dark accent as it is and darkens a light one until its text reads on white', () => {
    expect(paletteOf('#2f6f4e')).toEqual({ accent: '#2f6f4e', onAccent: '#ffffff', text: '#2f6f4e' });
    const yellow = paletteOf('#F4D03F');
    expect(yellow.accent).toBe('#f4d03f');
    expect(yellow.onAccent).toBe('#000000');
    expect(contrastOnWhite(yellow.text)).toBeGreaterThanOrEqual(4.5);
    expect(contrastOnWhite(paletteOf('#ffffff').text)).toBeGreaterThanOrEqual(4.5);
  });

  it('falls back to the default blue for a missing or malformed colour', () => {
    expect(paletteOf(null).accent).toBe('#1f4e79');
    expect(paletteOf('red').accent).toBe('#1f4e79');
  });
});
