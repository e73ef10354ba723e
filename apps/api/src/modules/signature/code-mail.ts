import { SIGN_CODE_VALIDITY_MINUTES } from '@ouvrage/domain';
import { composeMail, type MailContent } from '../mail';

/** The French mail that carries the signer's code (decision 0622). The code is never logged elsewhere. */
export function signCodeMail(firstname: string, subject: { label: string; title: string }, code: string): MailContent {
  const hello = firstname.trim() ? `Bonjour ${firstname.trim()},` : 'Bonjour,';
  return composeMail(`Votre code de signature : ${code}`, [
    hello,
    `Pour signer ${subject.label} « ${subject.title} », saisissez ce code sur Ouvrage :`,
    `Code de signature : ${code}`,
    `Ce code est valable ${SIGN_CODE_VALIDITY_MINUTES} minutes et ne peut servir qu’une fois. Ne le communiquez à personne : Ouvrage ne vous le demandera jamais par téléphone.`,
    'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
  ]);
}

/** `julie.martin@exemple.fr` → `j***@exemple.fr`: enough for the signer to recognise the address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
