import { formatCalendarDate, formatEuros, type CalendarDate } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { composeMail, type MailContent } from '../mail';

/** French mails of the réception (decisions 0720–0721). */

const hello = (name: string) => (name.trim() ? `Bonjour ${name.trim()},` : 'Bonjour,');
const day = (d: string) => formatCalendarDate(d as CalendarDate);

/** The screen where the réception is shown and its PV signed: the quote's page. */
export const receptionUrl = (deps: AppDeps, quoteId: number) => `${deps.config.publicUrl}/devis/${quoteId}/reception`;

export interface ReceptionMailFacts {
  quoteLabel: string;
  quoteTitle: string;
  receptionDate: string;
  reservations: number;
}

const works = (f: ReceptionMailFacts) => `les travaux du devis ${f.quoteLabel} « ${f.quoteTitle} »`;

export function receptionRecordedMail(f: ReceptionMailFacts, clientName: string, issuerName: string, url: string): MailContent {
  const reserves = f.reservations === 0 ? 'sans réserve' : f.reservations === 1 ? 'avec une réserve' : `avec ${f.reservations} réserves`;
  return composeMail(
    `Réception des travaux à signer — devis ${f.quoteLabel}`,
    [
      hello(clientName),
      `${issuerName} a enregistré la réception de ${works(f)} au ${day(f.receptionDate)}, ${reserves}.`,
      'Relisez le procès-verbal de réception puis signez-le en ligne : un code de vérification vous sera envoyé par e-mail.',
    ],
    { label: 'Signer le procès-verbal', url },
  );
}

export function receptionSignedMail(f: ReceptionMailFacts, clientName: string, url: string): MailContent {
  return composeMail(
    `Procès-verbal de réception signé — devis ${f.quoteLabel}`,
    ['Bonjour,', `${clientName} a signé le procès-verbal de réception de ${works(f)} (réception du ${day(f.receptionDate)}).`, 'Le projet passe à l’étape « Réception ».'],
    { label: 'Voir la réception', url },
  );
}

export function retentionReminderMail(f: ReceptionMailFacts, name: string, releaseDate: string, retentionCents: number, openReservations: number, url: string): MailContent {
  return composeMail(
    `Retenue de garantie libérable le ${day(releaseDate)} — devis ${f.quoteLabel}`,
    [
      hello(name),
      `La retenue de garantie de ${formatEuros(retentionCents)} retenue sur ${works(f)} pourra être libérée à partir du ${day(releaseDate)}, un an après la réception du ${day(f.receptionDate)}.`,
      openReservations > 0
        ? `Attention : ${openReservations} réserve(s) restent à lever ; la retenue ne peut pas être libérée tant qu’elles ne le sont pas.`
        : 'Toutes les réserves sont levées.',
    ],
    { label: 'Voir la réception', url },
  );
}

export function retentionReleasedMail(f: ReceptionMailFacts, clientName: string, issuerName: string, retentionCents: number, url: string): MailContent {
  return composeMail(
    `Retenue de garantie libérée — devis ${f.quoteLabel}`,
    [
      hello(clientName),
      `${issuerName} a libéré la retenue de garantie de ${formatEuros(retentionCents)} sur ${works(f)}.`,
      'Ce montant est désormais à régler sur la facture de solde, dans un délai de 30 jours.',
    ],
    { label: 'Voir la réception', url },
  );
}
