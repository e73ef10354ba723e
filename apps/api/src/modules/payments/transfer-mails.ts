import { formatCalendarDate, formatCreditorReference, formatEuros, type CalendarDate } from '@ouvrage/domain';
import { composeMail, type MailContent } from '../mail';

/** French mails of bank transfers (decision 0731). */

const hello = (name: string) => (name.trim() ? `Bonjour ${name.trim()},` : 'Bonjour,');

interface ConfirmedFacts {
  number: string;
  amountCents: number;
  receivedOn: CalendarDate;
  leftCents: number;
}

const leftSentence = (f: ConfirmedFacts) =>
  f.leftCents > 0 ? `Il reste ${formatEuros(f.leftCents)} à régler sur cette facture.` : 'La facture est entièrement réglée.';

export function transferConfirmedClientMail(f: ConfirmedFacts, to: { name: string }, url: string): MailContent {
  return composeMail(
    `Virement reçu — facture ${f.number}`,
    [hello(to.name), `Nous avons bien reçu votre virement de ${formatEuros(f.amountCents)} le ${formatCalendarDate(f.receivedOn)} pour la facture ${f.number}.`, leftSentence(f)],
    { label: 'Voir la facture', url },
  );
}

export function transferConfirmedIssuerMail(f: ConfirmedFacts, clientName: string, url: string): MailContent {
  return composeMail(
    `Paiement reçu — facture ${f.number}`,
    ['Bonjour,', `Le virement de ${clientName} de ${formatEuros(f.amountCents)} pour votre facture ${f.number} a été reçu le ${formatCalendarDate(f.receivedOn)}.`, leftSentence(f)],
    { label: 'Voir la facture', url },
  );
}

export function transferDeclaredAdminMail(f: { number: string; amountCents: number; declaredOn: CalendarDate; reference: string }, clientName: string, url: string): MailContent {
  return composeMail(
    `Virement déclaré — facture ${f.number}`,
    [
      'Bonjour,',
      `${clientName} déclare avoir effectué le ${formatCalendarDate(f.declaredOn)} un virement de ${formatEuros(f.amountCents)} pour la facture ${f.number} (référence ${formatCreditorReference(f.reference)}).`,
      'Confirmez sa réception une fois le virement arrivé sur le compte.',
    ],
    { label: 'Voir les virements à confirmer', url },
  );
}
