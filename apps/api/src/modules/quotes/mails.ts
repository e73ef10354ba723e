import { formatCalendarDate, formatEuros, quoteVersionLabel, type CalendarDate } from '@ouvrage/domain';
import { composeMail, type MailContent } from '../mail';
import type { QuoteRow } from './repository';

/** French mails of the quotes: to the client when sent or cancelled, to the architect when answered. */

const hello = (name: string) => (name.trim() ? `Bonjour ${name.trim()},` : 'Bonjour,');
const labelOf = (q: QuoteRow) => quoteVersionLabel(q.number, q.version);

export function quoteSentMail(q: QuoteRow, to: { name: string }, issuerName: string, url: string): MailContent {
  return composeMail(
    `Devis ${labelOf(q)} de ${issuerName} : ${q.title}`,
    [
      hello(to.name),
      `${issuerName} vous adresse le devis ${labelOf(q)} « ${q.title} » d’un montant de ${formatEuros(q.totalTtcCents)} TTC.`,
      `Il est valable jusqu’au ${q.validUntil ? formatCalendarDate(q.validUntil as CalendarDate) : '—'}. Vous le trouverez en pièce jointe et en ligne, où vous pouvez l’accepter, avec les options de votre choix, ou le refuser.`,
    ],
    { label: 'Voir le devis', url },
  );
}

export function quoteAcceptedMail(q: QuoteRow, clientName: string, url: string): MailContent {
  return composeMail(
    `Devis ${labelOf(q)} accepté`,
    [
      'Bonjour,',
      `${clientName} a accepté votre devis ${labelOf(q)} « ${q.title} » pour ${formatEuros(q.acceptedTotalTtcCents ?? q.totalTtcCents)} TTC (options choisies comprises).`,
      'Vous pouvez le valider en contrat depuis la liste des devis à valider.',
    ],
    { label: 'Voir le devis', url },
  );
}

export function quoteRefusedMail(q: QuoteRow, clientName: string, reason: string, url: string): MailContent {
  return composeMail(
    `Devis ${labelOf(q)} refusé`,
    ['Bonjour,', `${clientName} a refusé votre devis ${labelOf(q)} « ${q.title} ».`, `Raison indiquée : ${reason}`, 'Vous pouvez en proposer une nouvelle version.'],
    { label: 'Voir le devis', url },
  );
}

export function quoteCancelledMail(q: QuoteRow, to: { name: string }, issuerName: string, reason: string, url: string): MailContent {
  return composeMail(
    `Devis ${labelOf(q)} annulé`,
    [hello(to.name), `${issuerName} a annulé le devis ${labelOf(q)} « ${q.title} ».`, `Raison indiquée : ${reason}`],
    { label: 'Voir le devis', url },
  );
}

export function quoteSignedMail(q: QuoteRow, clientName: string, url: string): MailContent {
  return composeMail(
    `Devis ${labelOf(q)} signé`,
    [
      'Bonjour,',
      `${clientName} a signé électroniquement votre devis ${labelOf(q)} « ${q.title} ».`,
      'Le devis signé, avec son certificat de signature, est disponible dans vos documents. Vous pouvez maintenant le valider en contrat.',
    ],
    { label: 'Voir le devis', url },
  );
}
