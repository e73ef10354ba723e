import type { DgdDocument } from '@ouvrage/contracts';
import { INVOICE_KIND_LABELS, type SignatureBox } from '@ouvrage/domain';
import { FONT } from './fonts';
import { addressLines, day, dayOf, euros } from './french';
import { CONTENT_WIDTH, createDocument, type Doc, finish, MARGIN, MUTED, paletteOf, paragraph, sectionTitle, style } from './layout';
import { decoratePages } from './page-decorations';
import { drawParties, drawSignatureBox } from './render-reception';
import { drawTotalsTable, taxRows, type TotalsRow } from './totals-table';

/**
 * The final account — décompte général définitif (issue 38 §4, decision 1222), in the quotes'
 * layout and fonts, printed from the figures frozen when it was established (never from today's
 * data): the parties, the works and their réception, the contract and each signed avenant, the
 * contract as amended with its TVA per rate, every invoice with its avoirs and payments, the
 * retenue de garantie and its release day, the penalties, the balance either way, then the
 * client's signature box (accepting it), whose place is reported for the signature.
 */
export interface DgdPdfInput {
  number: string;
  document: DgdDocument;
  issuedAt: Date;
}

const signed = (cents: number) => (cents > 0 ? `+${euros(cents)}` : euros(cents));
const part = (p: DgdDocument['contract']) => [...taxRows(p.totals, p.by_rate), { label: 'Total TTC', value: euros(p.totals.total_ttc_cents), strong: true }];

function drawInvoices(doc: Doc, d: DgdDocument): void {
  if (!d.invoices.length) {
    paragraph(doc, 'Aucune facture.', { size: 8.5, color: MUTED });
    return;
  }
  for (const i of d.invoices) {
    const credited = i.credited_cents ? `, avoirs ${euros(i.credited_cents)}` : '';
    const retention = i.retention_cents ? `, retenue de garantie ${euros(i.retention_cents)}` : '';
    paragraph(
      doc,
      `• ${INVOICE_KIND_LABELS[i.kind]} ${i.number} du ${day(i.issue_date)} : ${euros(i.total_ttc_cents)} TTC${credited}${retention}, payé ${euros(i.paid_cents)}`,
      { size: 8.5 },
      1,
    );
  }
  for (const c of d.credit_notes)
    paragraph(doc, `• Avoir ${c.number} du ${day(c.issue_date)} sur ${c.invoice_number} : −${euros(c.total_ttc_cents)} TTC`, { size: 8.5 }, 1);
  doc.y += 3;
}

export async function renderDgdPdf(input: DgdPdfInput): Promise<{ pdf: Buffer; signatureBox: SignatureBox }> {
  const d = input.document;
  const name = `Décompte général définitif n° ${input.number}`;
  const doc = await createDocument({ title: `${name} — devis ${d.quote.label}`, author: d.issuer.name, subject: d.quote.title, createdAt: input.issuedAt });
  const palette = paletteOf(null);
  style(doc, { font: FONT.bold, size: 15, color: palette.text }).text(name.toUpperCase(), MARGIN.side, MARGIN.top, { width: CONTENT_WIDTH, align: 'center' });
  style(doc, { size: 8.5, color: MUTED }).text(`Au devis ${d.quote.label} « ${d.quote.title} » — établi le ${dayOf(input.issuedAt)}`, MARGIN.side, doc.y + 2, {
    width: CONTENT_WIDTH,
    align: 'center',
  });
  doc.y += 12;
  drawParties(doc, { issuer: d.issuer, client: d.client });

  sectionTitle(doc, 'Objet', palette);
  paragraph(doc, `Marché : devis ${d.quote.label} « ${d.quote.title} »${d.quote.validated_at ? `, validé le ${dayOf(d.quote.validated_at)}` : ''}`, {
    size: 9,
  });
  paragraph(doc, `Projet : ${d.project.title}`, { size: 9 });
  const site = addressLines(d.site_address).join(', ');
  if (site) paragraph(doc, `Adresse du chantier : ${site}`, { size: 9 });
  paragraph(doc, `Réception des travaux : le ${day(d.reception.date)}, ${d.reception.with_reservations ? 'avec réserves' : 'sans réserve'}.`, { size: 9 });

  sectionTitle(doc, 'Montant du marché', palette);
  style(doc, { font: FONT.bold, size: 9.5, color: MUTED }).text('Marché initial', MARGIN.side, doc.y + 4, { width: CONTENT_WIDTH });
  drawTotalsTable(doc, part(d.original), palette);
  for (const a of d.avenants) paragraph(doc, `Avenant ${a.number} : ${signed(a.change_ht_cents)} HT, ${signed(a.change_ttc_cents)} TTC`, { size: 8.5 }, 1);
  style(doc, { font: FONT.bold, size: 9.5, color: palette.accent }).text('Marché modifié par les avenants signés', MARGIN.side, doc.y + 4, {
    width: CONTENT_WIDTH,
  });
  drawTotalsTable(doc, part(d.contract), palette);

  sectionTitle(doc, 'Factures, avoirs et paiements', palette);
  drawInvoices(doc, d);

  if (d.penalties.length) {
    sectionTitle(doc, 'Pénalités', palette);
    for (const p of d.penalties) paragraph(doc, `• ${p.label} : −${euros(p.amount_cents)}`, { size: 8.5 }, 1);
    doc.y += 3;
  }

  sectionTitle(doc, 'Décompte', palette);
  const a = d.account;
  const r = d.retention;
  const owed = a.balance_cents >= 0;
  const rows: TotalsRow[] = [
    { label: 'Marché modifié TTC', value: euros(d.contract.totals.total_ttc_cents) },
    { label: 'Facturé TTC', value: euros(a.invoiced_cents) },
    { label: 'Avoirs', value: `−${euros(a.credited_cents)}` },
    { label: 'Pénalités', value: `−${euros(a.penalties_cents)}`, ruleAfter: true },
    { label: 'Dû par le maître d’ouvrage', value: euros(a.due_cents), strong: true },
    { label: 'Payé', value: `−${euros(a.paid_cents)}`, ruleAfter: true },
    {
      label: owed ? 'Solde dû par le maître d’ouvrage' : 'Solde dû au maître d’ouvrage',
      value: euros(Math.abs(a.balance_cents)),
      strong: true,
      accent: true,
    },
  ];
  if (r.held_cents > 0) {
    rows.push(
      { label: `dont retenue de garantie, libérable le ${day(r.release_date)}`, value: euros(r.held_cents), muted: true },
      { label: 'Solde exigible dès l’acceptation', value: signed(a.balance_now_cents), muted: true },
    );
  }
  drawTotalsTable(doc, rows, palette);
  paragraph(
    doc,
    r.withheld_cents > 0
      ? r.released_on
        ? `Retenue de garantie (loi 71-584) : ${euros(r.withheld_cents)}, libérée le ${day(r.released_on)}.`
        : `Retenue de garantie (loi 71-584) : ${euros(r.withheld_cents)}, libérable le ${day(r.release_date)}, un an après la réception, réserves levées.`
      : 'Aucune retenue de garantie.',
    { size: 8.5 },
  );
  if (d.note.trim()) paragraph(doc, `Observations : ${d.note}`, { size: 8.5 });

  sectionTitle(doc, 'Mentions', palette);
  paragraph(
    doc,
    'Le présent décompte général définitif arrête les sommes dues au titre du marché. Accepté et signé par le maître d’ouvrage, il clôt le compte du marché : plus aucune facture n’est émise, hors la libération de la retenue de garantie. Le maître d’ouvrage peut le contester, avec ses motifs, au lieu de le signer.',
    { size: 8.5 },
  );
  const signatureBox = drawSignatureBox(doc, { issuer: d.issuer, client: d.client }, palette.accent);
  decoratePages(doc, { footer: `${d.issuer.name} · DGD ${input.number} · devis ${d.quote.label}`, watermark: null });
  return { pdf: await finish(doc), signatureBox };
}
