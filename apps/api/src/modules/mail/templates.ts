/** French mail bodies. Each returns subject, plain text and a simple HTML version. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Wrap paragraphs (and an optional button link) in the Ouvrage mail layout. */
export function composeMail(subject: string, paragraphs: string[], action?: { label: string; url: string }): MailContent {
  const text = [...paragraphs, ...(action ? [`${action.label} : ${action.url}`] : []), '', "L'équipe Ouvrage"].join('\n\n');
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="background:#1c5d99;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#1d2a36">${body}${button}<p>L'équipe Ouvrage</p></body></html>`;
  return { subject, text, html };
}

export function passwordResetMail(firstname: string, url: string, minutes: number): MailContent {
  return composeMail(
    'Réinitialisation de votre mot de passe Ouvrage',
    [
      `Bonjour ${firstname || ''},`.replace(' ,', ','),
      `Vous avez demandé à réinitialiser votre mot de passe. Ce lien est valable ${minutes} minutes et ne peut servir qu'une fois.`,
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
    ],
    { label: 'Choisir un nouveau mot de passe', url },
  );
}

export function setPasswordMail(firstname: string, url: string, hours: number, intro: string): MailContent {
  return composeMail(
    'Bienvenue sur Ouvrage : choisissez votre mot de passe',
    [`Bonjour ${firstname || ''},`.replace(' ,', ','), intro, `Ce lien est valable ${hours} heures et ne peut servir qu'une fois.`],
    { label: 'Choisir mon mot de passe', url },
  );
}
