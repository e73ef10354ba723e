import type { QuoteDetail } from '@ouvrage/contracts';
import { mentionMarker, RECOVERY_FEE_CENTS, tvaCents } from '@ouvrage/domain';
import { FONT } from './fonts';
import { day, euros, percent } from './french';
import { CONTENT_BOTTOM, CONTENT_WIDTH, type Doc, MARGIN, measure, newPage, type Palette, paragraph, sectionTitle } from './layout';
import { drawMediator, drawWithdrawal, insurerContacts, quoteNeeds, worksStartText } from './quote-mentions';

/**
 * The written mentions after the totals: payment terms and penalties, whether the quote is free,
 * the retenue de garantie, the arrêté of 24 January 2017 for repair work, the insurance (loi
 * 96-603 art. 22-2), the free text; the general conditions go last, on a new page when long.
 */
type Insurance = NonNullable<QuoteDetail['issuer']['decennale']>;

export const DECENNALE_SENTENCE =
  'Conformément à l’article 22-2 de la loi n° 96-603 du 5 juillet 1996, l’entreprise indique l’assurance professionnelle qu’elle a souscrite au titre de son activité, ' +
  'les coordonnées de l’assureur et la couverture géographique de son contrat.';
export const REPLACED_PARTS_SENTENCE =
  'Les pièces, éléments ou appareils remplacés sont restitués au client, sauf indication contraire de sa part avant l’exécution des travaux ' +
  'ou lorsqu’ils sont repris dans le cadre d’une garantie ou d’un échange standard (arrêté du 24 janvier 2017).';

export function insuranceSentence(title: string, insurance: Insurance | null): string {
  if (!insurance || !insurance.insurer) return `${title} : non renseignée.`;
  const parts = [`${title} : ${insurance.insurer}`];
  if (insurance.policy_number) parts.push(`contrat n° ${insurance.policy_number}`);
  if (insurance.coverage) parts.push(`couverture géographique : ${insurance.coverage}`);
  if (insurance.valid_from && insurance.valid_until) parts.push(`validité du ${day(insurance.valid_from)} au ${day(insurance.valid_until)}`);
  else if (insurance.valid_until) parts.push(`valable jusqu’au ${day(insurance.valid_until)}`);
  return `${parts.join(', ')}.`;
}

function labelled(doc: Doc, label: string, text: string): void {
  if (!text.trim()) return;
  paragraph(doc, `${label} : ${text}`, { size: 8.5 });
}

function paymentTerms(doc: Doc, quote: QuoteDetail, palette: Palette): void {
  sectionTitle(doc, 'Conditions', palette);
  labelled(doc, 'Conditions de paiement', quote.payment_terms.trim() || 'à préciser');
  if (quote.deposit_bp > 0) labelled(doc, 'Acompte', `${percent(quote.deposit_bp)} du montant TTC à la commande, soit ${euros(quote.deposit_cents)}`);
  labelled(doc, 'Pénalités de retard', `taux annuel de ${percent(quote.late_penalty_bp)} appliqué aux sommes non réglées à l’échéance`);
  if (quoteNeeds(quote, 'devis.recovery_fee')) {
    paragraph(
      doc,
      `${mentionMarker('devis.recovery_fee')} en cas de retard de paiement : ${euros(RECOVERY_FEE_CENTS)} (art. L441-10 et D441-5 du code de commerce).`,
      { size: 8.5 },
    );
  }
  if (quote.retention_bp > 0) {
    labelled(
      doc,
      'Retenue de garantie',
      `${percent(quote.retention_bp)} du montant TTC des travaux (loi n° 71-584 du 16 juillet 1971), libérée un an après la réception sauf réserves, ou remplacée par une caution bancaire`,
    );
  }
  labelled(doc, 'Prix du devis', quote.is_free || !quote.quote_price_cents ? 'Devis gratuit.' : `devis payant, ${euros(quote.quote_price_cents)} TTC.`);
  labelled(doc, 'Validité', `ce devis est valable ${quote.validity_days} jours à compter de sa date d’émission.`);
  paragraph(doc, `${mentionMarker('devis.works_start')} ${worksStartText(quote)}`, { size: 8.5 });
}

/** Repair and maintenance work for a consumer: travel costs, hourly rates, replaced parts. */
function repairMentions(doc: Doc, quote: QuoteDetail, palette: Palette): void {
  sectionTitle(doc, 'Dépannage, réparation et entretien (arrêté du 24 janvier 2017)', palette);
  labelled(
    doc,
    'Frais de déplacement',
    quote.travel_cost_cents
      ? `${euros(quote.travel_cost_cents)} HT, forfait compté dans le total (lot « Frais de déplacement »).`
      : 'aucuns frais de déplacement.',
  );
  const hourly = quote.lots.flatMap((l) => l.lines).filter((l) => l.unit === 'h');
  if (hourly.length) {
    for (const line of hourly) {
      const ttc = line.unit_price_cents + tvaCents(line.unit_price_cents, line.tva_rate_bp);
      labelled(doc, `Taux horaire — ${line.designation}`, `${euros(line.unit_price_cents)} HT, soit ${euros(ttc)} TTC de l’heure`);
    }
  } else {
    labelled(doc, 'Taux horaire de main-d’œuvre', 'prestations au forfait, détaillées ligne par ligne ci-dessus.');
  }
  paragraph(doc, 'Le détail des prestations, le taux horaire et le prix des pièces figurent dans les lignes ci-dessus, TVA comprise dans les totaux.', {
    size: 8.5,
  });
  paragraph(doc, REPLACED_PARTS_SENTENCE, { size: 8.5 });
}

function insurances(doc: Doc, quote: QuoteDetail, palette: Palette, annexed: boolean): void {
  sectionTitle(doc, 'Assurances professionnelles', palette);
  paragraph(doc, insuranceSentence('Assurance responsabilité civile décennale', quote.issuer.decennale), { size: 8.5 });
  paragraph(doc, insuranceSentence('Assurance responsabilité civile professionnelle', quote.issuer.rc_pro), { size: 8.5 });
  for (const line of insurerContacts(quote)) paragraph(doc, line, { size: 8.5 });
  paragraph(doc, DECENNALE_SENTENCE + (annexed ? ' Les attestations d’assurance sont jointes en annexe (art. L243-2 du code des assurances).' : ''), {
    size: 8,
    color: '#5f6368',
  });
}

export function drawQuoteTerms(doc: Doc, quote: QuoteDetail, palette: Palette, annexed: boolean): void {
  paymentTerms(doc, quote, palette);
  if (quote.kind === 'depannage') repairMentions(doc, quote, palette);
  insurances(doc, quote, palette, annexed);
  drawMediator(doc, quote, palette);
  drawWithdrawal(doc, quote, palette);
  if (quote.free_text.trim()) {
    sectionTitle(doc, 'Informations complémentaires', palette);
    paragraph(doc, quote.free_text, { size: 8.5 });
  }
}

/** The general conditions: after the signature area, on a new page unless they fit whole below it. */
export function drawGeneralConditions(doc: Doc, quote: QuoteDetail, palette: Palette): void {
  const text = quote.general_conditions.trim();
  if (!text) return;
  const height = measure(doc, text, CONTENT_WIDTH, { size: 7.5 }) + 30;
  if (doc.y + height > CONTENT_BOTTOM) newPage(doc);
  sectionTitle(doc, 'Conditions générales', palette);
  // Flowing text: pdfkit continues it on as many pages as needed.
  doc.font(FONT.regular).fontSize(7.5).fillColor('#1d1d1f').text(text, MARGIN.side, doc.y, { width: CONTENT_WIDTH, lineGap: 1, align: 'justify' });
}
