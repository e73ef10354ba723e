import type { QuoteDetail } from '@ouvrage/contracts';
import { type MentionFacts, mentionApplies, mentionMarker } from '@ouvrage/domain';
import { day } from './french';
import { type Doc, MUTED, type Palette, paragraph, sectionTitle } from './layout';

/**
 * The quote's mentions that depend on who the client is and what the quote is (decisions
 * 1040–1044), printed exactly when the domain's mentions table asks for them: the PDF reads the
 * table (`mentionApplies`, `mentionMarker`), the test reads it too.
 */

/** What the quote states that decides its mentions. */
export function quoteMentionFacts(quote: QuoteDetail): MentionFacts {
  return {
    reducedTva: !!quote.reduced_tva_certification,
    deposit: quote.deposit_bp > 0,
    retention: quote.retention_bp > 0,
    urgentRepair: quote.kind === 'depannage' && quote.urgent_repair,
    paidQuote: !quote.is_free && !!quote.quote_price_cents,
  };
}

/** Whether the table asks this quote for the mention `key`. */
export function quoteNeeds(quote: QuoteDetail, key: string): boolean {
  return mentionApplies(key, quote.client_type, quote.kind, quoteMentionFacts(quote));
}

const small = { size: 8.5 } as const;

/** « Exécution des travaux » (C. conso. L111-1 3°): the start date and/or the duration, else the legal default. */
export function worksStartText(quote: QuoteDetail): string {
  const parts: string[] = [];
  if (quote.works_start_date) parts.push(`début des travaux le ${day(quote.works_start_date)}`);
  if (quote.works_duration_days) parts.push(`durée prévue ${quote.works_duration_days} jour${quote.works_duration_days > 1 ? 's' : ''}`);
  if (parts.length) return `${parts.join(', ')}.`;
  return quote.client_type === 'particulier'
    ? 'à défaut d’une date convenue, au plus tard trente jours après la conclusion du contrat (art. L216-1 du code de la consommation).'
    : 'à défaut d’une date convenue, à fixer d’un commun accord après l’acceptation du devis.';
}

/** The insurer's name and address, one line per insurer (loi 96-603 art. 22-2: « coordonnées de l’assureur »). */
export function insurerContacts(quote: QuoteDetail): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const insurance of [quote.issuer.decennale, quote.issuer.rc_pro]) {
    if (!insurance?.insurer) continue;
    const address = insurance.insurer_address?.trim() || 'adresse non renseignée';
    const line = `${mentionMarker('devis.insurer_address')} ${insurance.insurer}, ${address}.`;
    if (seen.has(line)) continue;
    seen.add(line);
    lines.push(line);
  }
  return lines;
}

/** The consumer mediator (C. conso. L616-1): name, website and address as the admin set them. */
export function drawMediator(doc: Doc, quote: QuoteDetail, palette: Palette): void {
  if (!quoteNeeds(quote, 'devis.mediator')) return;
  sectionTitle(doc, 'Médiation de la consommation', palette);
  const m = quote.mediator;
  const who = m ? [m.name, m.address, m.website].filter((x): x is string => !!x && x.trim().length > 0).join(', ') : 'non désigné à ce jour';
  paragraph(doc, `${mentionMarker('devis.mediator')} ${who}.`, small);
  paragraph(
    doc,
    'En cas de litige non résolu auprès de l’entreprise par une réclamation écrite, le client consommateur peut recourir gratuitement au médiateur de la consommation (art. L612-1 du code de la consommation).',
    { size: 8, color: MUTED },
  );
}

/**
 * Withdrawal (decision 1042): a consumer's quote accepted or signed on the platform is a distance
 * contract (C. conso. L221-1): 14 days to withdraw, the form in the last pages — unless it is an
 * urgent repair the consumer asked for at home (L221-28 8°), which the quote then says.
 */
export function drawWithdrawal(doc: Doc, quote: QuoteDetail, palette: Palette): void {
  if (quoteNeeds(quote, 'devis.withdrawal_info')) {
    sectionTitle(doc, mentionMarker('devis.withdrawal_info'), palette);
    paragraph(
      doc,
      'Ce devis, accepté ou signé en ligne sur la plateforme sans la présence physique simultanée des parties, forme un contrat conclu à distance (art. L221-1 du code de la consommation). ' +
        `Le client consommateur dispose d’un délai de ${mentionMarker('devis.withdrawal_info', 1)} pour exercer son droit de rétractation, sans avoir à motiver sa décision ni à supporter d’autres coûts que ceux prévus aux articles L221-23 à L221-25 (art. ${mentionMarker('devis.withdrawal_info', 2)} du code de la consommation). ` +
        'Le délai court à compter du jour de la conclusion du contrat.',
      small,
    );
    paragraph(
      doc,
      `Pour l’exercer, le client notifie sa décision à ${quote.issuer.name}${quote.issuer.address ? `, ${quote.issuer.address}` : ''}${quote.issuer.email ? `, ${quote.issuer.email}` : ''}, par une déclaration dénuée d’ambiguïté ou au moyen du formulaire de rétractation joint à ce devis, avant l’expiration du délai. ` +
        'Le client qui souhaite que les travaux commencent avant la fin du délai en fait la demande expresse ; s’il se rétracte ensuite, il verse un montant proportionnel aux travaux exécutés jusqu’à la communication de sa décision (art. L221-25).',
      small,
    );
  } else if (quoteNeeds(quote, 'devis.no_withdrawal_urgent')) {
    sectionTitle(doc, mentionMarker('devis.no_withdrawal_urgent'), palette);
    paragraph(
      doc,
      'Travaux d’entretien ou de réparation à réaliser en urgence au domicile du client, expressément sollicités par lui : le droit de rétractation ne peut pas être exercé ' +
        `(art. ${mentionMarker('devis.no_withdrawal_urgent', 1)} 8° du code de la consommation), dans la limite des pièces de rechange et travaux strictement nécessaires pour répondre à l’urgence.`,
      small,
    );
  }
}
