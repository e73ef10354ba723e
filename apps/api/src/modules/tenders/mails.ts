import { formatParisDateTime } from '@ouvrage/domain';
import { budgetLabel } from '../projects';
import { composeMail, type MailContent } from '../mail';
import type { ProjectForTender } from './repository';


function hello(firstname: string): string {
  return firstname ? `Bonjour ${firstname},` : 'Bonjour,';
}

/** To each professional a tender is sent to. No client contact details: they come with acceptance. */
export function newTenderMail(p: ProjectForTender, to: { firstname: string }, deadline: Date, message: string | null, url: string): MailContent {
  const { project } = p;
  return composeMail(
    `Nouvel appel d'offre : ${p.categoryName} — ${p.bienName} à ${project.city} (${project.departement})`,
    [
      hello(to.firstname),
      `L'équipe Ouvrage vous propose le projet n° ${project.id} : ${p.categoryName} d'un bien de type « ${p.bienName} » à ${project.city} (${project.postcode}).`,
      `Accompagnement souhaité : ${project.support}. Budget : ${budgetLabel(project.budget)}. Début des travaux : ${project.times}.`,
      ...(message ? [`Message de l'équipe Ouvrage : ${message}`] : []),
      `Répondez avant le ${formatParisDateTime(deadline, 'long')} : acceptez pour recevoir les coordonnées du client, ou refusez en indiquant la raison.`,
    ],
    { label: "Voir l'appel d'offre", url },
  );
}

export function tenderWithdrawnMail(p: ProjectForTender, to: { firstname: string }, url: string): MailContent {
  return composeMail(`Appel d'offre retiré : projet n° ${p.project.id}`, [
    hello(to.firstname),
    `L'appel d'offre pour le projet n° ${p.project.id} (${p.categoryName} — ${p.bienName} à ${p.project.city}) a été retiré par l'équipe Ouvrage. Vous n'avez plus à y répondre.`,
    `Vos autres appels d'offre restent consultables : ${url}`,
  ]);
}

/** To the client, for acceptances after the first (the first one comes with the « Attribué » mail). */
export function anotherAcceptanceMail(p: ProjectForTender, company: string, url: string): MailContent {
  return composeMail(
    `Un professionnel de plus a accepté votre projet n° ${p.project.id}`,
    [
      `Bonjour ${p.project.civility} ${p.project.lastname},`,
      `${company} a accepté votre projet n° ${p.project.id} et va prendre contact avec vous.`,
      'Retrouvez son profil et ses coordonnées sur la page de votre projet.',
    ],
    { label: 'Voir mon projet', url },
  );
}

/** The « Attribué » mail's note to the client on the first acceptance (the history stays without it). */
export function firstAcceptanceNote(company: string): string {
  return `${company} a accepté votre projet et va prendre contact avec vous. Retrouvez son profil sur la page du projet.`;
}

/** To the admin who sent the tender (every admin when unknown). */
export function acceptedForAdminMail(p: ProjectForTender, company: string, accepted: number, max: number, url: string): MailContent {
  return composeMail(
    `Appel d'offre accepté : projet n° ${p.project.id} par ${company}`,
    [
      'Bonjour,',
      `${company} a accepté l'appel d'offre du projet n° ${p.project.id} (${p.categoryName} — ${p.bienName} à ${p.project.city}).`,
      accepted >= max
        ? `${accepted} professionnels sur ${max} ont accepté : les autres appels d'offre de ce projet sont clôturés.`
        : `${accepted} professionnel(s) sur ${max} au plus ont accepté ce projet.`,
    ],
    { label: 'Voir le projet', url },
  );
}
