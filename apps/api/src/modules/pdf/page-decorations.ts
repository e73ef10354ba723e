import { FONT } from './fonts';
import { A4, CONTENT_WIDTH, type Doc, MARGIN, MUTED, RULE, style } from './layout';

/**
 * Drawn on every page once the content is laid out (pdfkit keeps the pages in memory): the footer
 * with the document's number and « Page 1 / 3 », and the draft watermark.
 */
export interface PageDecorations {
  /** Left of the footer: issuer and number. */
  footer: string;
  /** Diagonal watermark on every page, or null. */
  watermark: string | null;
  /** Right of the footer: « Page 1 / 3 » unless the document words it in its language. */
  pageLabel?: (page: number, count: number) => string;
}

export function decoratePages(doc: Doc, decorations: PageDecorations): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    // Writing below the bottom margin would make pdfkit add a page.
    doc.page.margins.bottom = 0;
    const y = A4.height - MARGIN.bottom + 18;
    doc
      .moveTo(MARGIN.side, y - 6)
      .lineTo(MARGIN.side + CONTENT_WIDTH, y - 6)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
    style(doc, { size: 7.5, color: MUTED }).text(decorations.footer, MARGIN.side, y, { width: CONTENT_WIDTH - 80, lineBreak: false, ellipsis: true });
    style(doc, { font: FONT.bold, size: 7.5, color: MUTED }).text(
      decorations.pageLabel?.(i - start + 1, count) ?? `Page ${i - start + 1} / ${count}`,
      MARGIN.side + CONTENT_WIDTH - 80,
      y,
      {
        width: 80,
        align: 'right',
        lineBreak: false,
      },
    );
    if (decorations.watermark) {
      doc.save();
      // Along the page's diagonal (atan(841.89 / 595.28) ≈ 55°), where the sentence has the most room.
      doc.rotate(-55, { origin: [A4.width / 2, A4.height / 2] });
      doc.fillOpacity(0.09);
      style(doc, { font: FONT.bold, size: 34, color: '#b3261e' }).text(decorations.watermark, A4.width / 2 - 400, A4.height / 2 - 20, {
        width: 800,
        align: 'center',
        lineBreak: false,
      });
      doc.restore();
    }
  }
}
