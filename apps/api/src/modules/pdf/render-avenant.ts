import type { QuoteDetail } from '@ouvrage/contracts';
import {
  formatQuantity,
  lineNetCents,
  RECOVERY_FEE_CENTS,
  WITHDRAWAL_DAYS,
  type AvenantAmounts,
  type AvenantLotInput,
  type SignatureBox,
} from '@ouvrage/domain';
import { FONT } from './fonts';
import { addressLines, dayOf, euros, percent } from './french';
import { CONTENT_WIDTH, createDocument, type Doc, finish, MARGIN, MUTED, paletteOf, paragraph, sectionTitle, style } from './layout';
import { decoratePages } from './page-decorations';
import { DECENNALE_SENTENCE, insuranceSentence } from './quote-terms';
import { drawParties, drawSignatureBox } from './render-reception';
import { drawTotalsTable, taxRows } from './totals-table';

/**
 * An avenant to a signed quote (issue 38 §1, decision 1220), in the quotes' layout and fonts: the
 * parties, the contract it amends, its lines (added, or removed with a negative quantity) by lot,
 * then the contract before it, the change and the new contract, each with its TVA per rate, the
 * mentions a quote carries (identity, insurance, payment terms, penalties, the consumer's
 * withdrawal) and the client's signature box, whose place is reported for the signature.
 */
export interface AvenantPdfInput {
  issuer: QuoteDetail['issuer'];
  client: { name: string; address: { street: string; postcode: string; city: string } | null };
  siteAddress: { street: string; postcode: string; city: string } | null;
  projectTitle: string;
  quoteLabel: string;
  quoteTitle: string;
  quoteValidatedAt: Date | null;
  /** `D-2026-0005-A1`, or null for a draft. */
  number: string | null;
  title: string;
  reason: string;
  delayDays: number | null;
  /** The avenant's lots, each with the title of the contract's lot it changes. */
  lots: Array<AvenantLotInput & { printedTitle: string }>;
  amounts: AvenantAmounts;
  paymentTerms: string;
  latePenaltyBp: number;
  consumer: boolean;
  urgentRepair: boolean;
  issuedAt: Date;
}

const totalsOf = (p: AvenantAmounts['before']) => ({
  total_ht_cents: p.totals.totalHtCents,
  total_tva_cents: p.totals.totalTvaCents,
  total_ttc_cents: p.totals.totalTtcCents,
});
const rows = (p: AvenantAmounts['before']) => p.byRate.map((r) => ({ rate_bp: r.rateBp, base_cents: r.baseCents, tva_cents: r.tvaCents }));
const signed = (cents: number) => (cents > 0 ? `+${euros(cents)}` : euros(cents));

function drawLines(doc: Doc, input: AvenantPdfInput): void {
  for (const lot of input.lots) {
    paragraph(doc, lot.lotIndex === null ? `Nouveau lot « ${lot.printedTitle} »` : `Lot « ${lot.printedTitle} »`, { font: FONT.bold, size: 9 }, 2);
    for (const l of lot.lines) {
      const what = l.quantityMilli < 0 ? 'retiré' : 'ajouté';
      const discount = l.discountBp ? `, remise ${percent(l.discountBp)}` : '';
      paragraph(
        doc,
        `• ${l.designation} (${what}) — ${formatQuantity(l.quantityMilli)} ${l.unit} × ${euros(l.unitPriceCents)} HT${discount}, TVA ${percent(l.tvaRateBp)} : ${signed(lineNetCents(l))} HT`,
        { size: 8.5 },
        1,
      );
    }
    doc.y += 3;
  }
}

function drawContractBlock(doc: Doc, title: string, part: AvenantAmounts['before'], accent: string, palette: ReturnType<typeof paletteOf>): void {
  style(doc, { font: FONT.bold, size: 9.5, color: accent }).text(title, MARGIN.side, doc.y + 4, { width: CONTENT_WIDTH });
  drawTotalsTable(doc, [...taxRows(totalsOf(part), rows(part)), { label: 'Total TTC', value: euros(part.totals.totalTtcCents), strong: true }], palette);
}

export async function renderAvenantPdf(input: AvenantPdfInput): Promise<{ pdf: Buffer; signatureBox: SignatureBox }> {
  const name = input.number ? `Avenant n° ${input.number}` : 'Avenant (brouillon)';
  const doc = await createDocument({
    title: `${name} — devis ${input.quoteLabel}`,
    author: input.issuer.name,
    subject: input.title,
    createdAt: input.issuedAt,
  });
  const palette = paletteOf(null);
  style(doc, { font: FONT.bold, size: 16, color: palette.text }).text(name.toUpperCase(), MARGIN.side, MARGIN.top, { width: CONTENT_WIDTH, align: 'center' });
  style(doc, { size: 8.5, color: MUTED }).text(
    `Au devis ${input.quoteLabel} « ${input.quoteTitle} » — émis le ${dayOf(input.issuedAt)}`,
    MARGIN.side,
    doc.y + 2,
    {
      width: CONTENT_WIDTH,
      align: 'center',
    },
  );
  doc.y += 12;
  drawParties(doc, input);

  sectionTitle(doc, 'Objet', palette);
  paragraph(doc, `Avenant : ${input.title}`, { font: FONT.bold, size: 9 });
  paragraph(doc, `Marché : devis ${input.quoteLabel} « ${input.quoteTitle} »${input.quoteValidatedAt ? `, validé le ${dayOf(input.quoteValidatedAt)}` : ''}`, {
    size: 9,
  });
  paragraph(doc, `Projet : ${input.projectTitle}`, { size: 9 });
  const site = addressLines(input.siteAddress).join(', ');
  if (site) paragraph(doc, `Adresse du chantier : ${site}`, { size: 9 });
  if (input.reason.trim()) paragraph(doc, `Motif : ${input.reason}`, { size: 9 });
  if (input.delayDays)
    paragraph(doc, `Délai d’exécution : ${input.delayDays > 0 ? 'prolongé' : 'réduit'} de ${Math.abs(input.delayDays)} jour(s).`, { size: 9 });

  sectionTitle(doc, 'Modifications', palette);
  drawLines(doc, input);

  sectionTitle(doc, 'Montants du marché', palette);
  drawContractBlock(doc, 'Contrat avant l’avenant', input.amounts.before, MUTED, palette);
  drawContractBlock(doc, 'Montant de l’avenant (plus ou moins-value)', input.amounts.change, palette.accent, palette);
  drawContractBlock(doc, 'Nouveau montant du marché', input.amounts.after, palette.accent, palette);

  sectionTitle(doc, 'Mentions', palette);
  paragraph(doc, 'Les autres clauses et conditions du devis demeurent inchangées. Le présent avenant n’a d’effet qu’une fois signé par le client.', {
    size: 8.5,
  });
  paragraph(doc, `Conditions de paiement : ${input.paymentTerms.trim() || 'celles du devis'}.`, { size: 8.5 });
  paragraph(
    doc,
    `Pénalités de retard : ${percent(input.latePenaltyBp)} par an.${input.consumer ? '' : ` Indemnité forfaitaire pour frais de recouvrement : ${euros(RECOVERY_FEE_CENTS)}.`}`,
    {
      size: 8.5,
    },
  );
  paragraph(doc, DECENNALE_SENTENCE, { size: 8 });
  paragraph(doc, insuranceSentence('Assurance décennale', input.issuer.decennale), { size: 8 });
  paragraph(doc, insuranceSentence('Responsabilité civile professionnelle', input.issuer.rc_pro), { size: 8 });
  if (input.consumer && !input.urgentRepair) {
    paragraph(
      doc,
      `Droit de rétractation : le client consommateur dispose de ${WITHDRAWAL_DAYS} jours à compter de la signature de cet avenant pour se rétracter, sans motif, depuis son espace (art. L221-18 du code de la consommation). Rétracté, l’avenant ne modifie pas le contrat.`,
      { size: 8 },
    );
  }
  const signatureBox = drawSignatureBox(doc, input, palette.accent);
  decoratePages(doc, { footer: `${input.issuer.name} · ${name} · devis ${input.quoteLabel}`, watermark: input.number ? null : 'BROUILLON' });
  return { pdf: await finish(doc), signatureBox };
}
