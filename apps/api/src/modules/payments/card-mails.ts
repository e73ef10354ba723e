import { formatEuros } from '@ouvrage/domain';
import { composeMail, type MailContent } from '../mail';

/** French mails of card payments (decision 0730): confirmed (client and issuer), failed (client). */

const hello = (name: string) => (name.trim() ? `Bonjour ${name.trim()},` : 'Bonjour,');

interface Facts {
  number: string;
  title: string;
  amountCents: number;
  leftCents: number;
}

const left = (f: Facts) => (f.leftCents > 0 ? `Il reste ${formatEuros(f.leftCents)} à payer sur cette facture.` : 'La facture est entièrement payée.');

export function paymentReceivedClientMail(f: Facts, clientName: string, url: string): MailContent {
  return composeMail(
    `Paiement reçu — facture ${f.number}`,
    [hello(clientName), `Nous avons bien reçu votre paiement par carte de ${formatEuros(f.amountCents)} pour la facture ${f.number} « ${f.title} ».`, left(f)],
    { label: 'Voir mes paiements', url },
  );
}

export function paymentReceivedIssuerMail(f: Facts, issuerName: string, clientName: string, url: string): MailContent {
  return composeMail(
    `Paiement reçu — facture ${f.number}`,
    [hello(issuerName), `${clientName} a payé ${formatEuros(f.amountCents)} par carte sur votre facture ${f.number} « ${f.title} ».`, left(f)],
    { label: 'Voir la facture', url },
  );
}

const REASONS: Record<string, string> = {
  card_declined: 'la carte a été refusée',
  async_failed: 'la banque n’a pas confirmé le paiement',
};

/** The card was declined or the bank said no: nothing was taken, the client may try again. */
export function paymentFailedMail(f: Facts, clientName: string, reason: string, payUrl: string): MailContent {
  return composeMail(
    `Paiement non abouti — facture ${f.number}`,
    [
      hello(clientName),
      `Votre paiement par carte de ${formatEuros(f.amountCents)} pour la facture ${f.number} « ${f.title} » n’a pas abouti : ${REASONS[reason] ?? 'il a été refusé'}. Aucun montant n’a été prélevé.`,
      'Vous pouvez réessayer avec la même carte ou une autre.',
    ],
    { label: 'Payer la facture', url: payUrl },
  );
}

/** Money received for an invoice that no longer expected it (paid meanwhile, or cancelled): to be refunded. */
export function paymentNotAppliedMail(f: Facts, clientName: string, cancelled: boolean, url: string): MailContent {
  return composeMail(
    `Paiement à rembourser — facture ${f.number}`,
    [
      hello(clientName),
      `Votre paiement par carte de ${formatEuros(f.amountCents)} pour la facture ${f.number} « ${f.title} » n’a pas pu lui être affecté : ${cancelled ? 'la facture a été annulée' : 'il dépasse ce qui restait à payer (un autre paiement est arrivé entre-temps)'}.`,
      'Il vous sera remboursé sur la carte utilisée ; l’équipe Ouvrage revient vers vous si besoin.',
    ],
    { label: 'Voir mes paiements', url },
  );
}
