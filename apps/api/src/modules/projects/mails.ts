import type { ProjectRow } from '@ouvrage/db';
import { budgetRange, formatEuros } from '@ouvrage/domain';
import { composeMail, type MailContent } from '../mail';

const euros = (cents: number) => formatEuros(cents, { wholeEuros: true });

export function budgetLabel(key: string): string {
  const range = budgetRange(key);
  if (!range) return key;
  if (range.max === null) return `plus de ${euros(range.min)}`;
  if (range.min === 0) return `moins de ${euros(range.max)}`;
  return `de ${euros(range.min)} à ${euros(range.max)}`;
}

const greeting = (p: Pick<ProjectRow, 'civility' | 'lastname'>) => `Bonjour ${p.civility} ${p.lastname},`;

/** The recap mailed to the client once the request is recorded. */
export function projectRecapMail(p: ProjectRow & { categoryName: string; bienName: string }, url: string): MailContent {
  const m2 = (n: number) => `${new Intl.NumberFormat('fr-FR').format(n)} m²`;
  return composeMail(
    `Votre projet n° ${p.id} est bien enregistré`,
    [
      greeting(p),
      "Nous avons bien reçu votre demande. Notre équipe l'étudie et revient vers vous rapidement ; vous serez prévenu à chaque étape.",
      `Projet : ${p.categoryName} — ${p.bienName} (${p.support})`,
      `Adresse : ${p.street}, ${p.postcode} ${p.city}`,
      `Surface du bien : ${m2(p.surface)} ; surface des travaux : ${m2(p.worksSurface)}`,
      `Budget : ${budgetLabel(p.budget)} ; début des travaux : ${p.times} ; délai : ${p.delai}`,
      `Accompagnement : ${p.accompagnement ? `oui (${p.besoinAccompagnement})` : 'non'}`,
      `État : ${p.state} — étape : ${p.stage}`,
    ],
    { label: 'Voir mon projet', url },
  );
}

export function stateChangedMail(p: ProjectRow, url: string, comment?: string): MailContent {
  return composeMail(
    `Votre projet n° ${p.id} est désormais « ${p.state} »`,
    [greeting(p), `L'état de votre projet n° ${p.id} a changé : il est maintenant « ${p.state} ».`, ...(comment ? [`Message de l'équipe Ouvrage : ${comment}`] : [])],
    { label: 'Voir mon projet', url },
  );
}

export function stageChangedMail(p: ProjectRow, url: string, comment?: string): MailContent {
  return composeMail(
    `Votre projet n° ${p.id} passe à l'étape « ${p.stage} »`,
    [greeting(p), `Votre projet n° ${p.id} avance : il est maintenant à l'étape « ${p.stage} ».`, ...(comment ? [`Message de l'équipe Ouvrage : ${comment}`] : [])],
    { label: 'Voir mon projet', url },
  );
}

export function projectDeletedMail(p: ProjectRow): MailContent {
  return composeMail(`Votre projet n° ${p.id} a été supprimé`, [
    greeting(p),
    `Votre projet n° ${p.id} (${p.street}, ${p.postcode} ${p.city}) a été supprimé par l'équipe Ouvrage, avec ses documents.`,
    'Pour toute question, répondez à ce message.',
  ]);
}

/**
 * A visitor's request named an address that already has an account: nothing was created, and
 * only the address's owner learns it (the form answers the same either way, docs/decisions/0452).
 */
export function existingAccountProjectMail(firstname: string, loginUrl: string): MailContent {
  return composeMail(
    'Votre demande de projet sur Ouvrage',
    [
      firstname ? `Bonjour ${firstname},` : 'Bonjour,',
      "Une demande de projet vient d'être envoyée depuis le formulaire d'Ouvrage avec votre adresse e-mail. Un compte Ouvrage existe déjà à cette adresse : pour protéger votre compte, nous n'y avons rien ajouté.",
      'Connectez-vous pour déposer votre projet depuis votre espace : il y sera rattaché. Mot de passe oublié ? La page de connexion vous permet d’en choisir un nouveau.',
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre compte n'a pas changé.",
    ],
    { label: 'Me connecter', url: loginUrl },
  );
}
