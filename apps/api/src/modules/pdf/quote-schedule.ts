import { type Doc, type Palette, paragraph, sectionTitle } from './layout';
import { euros } from './french';

/** The payment schedule printed on the quote (decision 1221): the client signs it with the quote. */
export interface QuoteSchedule {
  /** A CCMI's note, null for ordinary works. */
  contractNote: string | null;
  milestones: Array<{ label: string; share: string; amountCents: number }>;
  notes: string[];
}

export function drawQuoteSchedule(doc: Doc, schedule: QuoteSchedule, palette: Palette): void {
  sectionTitle(doc, 'Échéancier de paiement', palette);
  if (schedule.contractNote) paragraph(doc, schedule.contractNote, { size: 8.5 });
  schedule.milestones.forEach((m, i) => {
    paragraph(doc, `${i + 1}. ${m.label}${m.share ? ` — ${m.share}` : ''} — ${euros(m.amountCents)} TTC`, { size: 8.5 });
  });
  for (const note of schedule.notes) paragraph(doc, note, { size: 8, color: '#5f6368' });
}
