import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Language } from '@ouvrage/domain';
import type { MailContent } from '../../src/modules/mail';

/**
 * Every mail kind renders in French, English and Arabic (decision 1031). The kinds are found in
 * the sources — every exported `…Mail` function of a file that lays out mails (`composeMail`) —
 * so that a new one fails here until it has sample facts below and texts in the three languages.
 */

const modules = join(__dirname, '../../src/modules');

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (entry.endsWith('.ts')) out.push(path);
  }
  return out;
}

/** `file → exported mail functions` of the files that call `composeMail`, and the mail functions left unexported (untestable). */
function mailKinds(): { kinds: Map<string, string[]>; hidden: string[] } {
  const kinds = new Map<string, string[]>();
  const hidden: string[] = [];
  for (const path of sourceFiles(modules)) {
    const source = readFileSync(path, 'utf8');
    if (!/\bcomposeMail\(/.test(source)) continue;
    const file = relative(modules, path).replace(/\\/g, '/');
    const names = [...source.matchAll(/export function (\w+Mail)\(/g)].map((m) => m[1]).filter((n) => n !== 'composeMail');
    hidden.push(...[...source.matchAll(/^(?!export )(?:async )?function (\w+Mail)\(/gm)].map((m) => `${m[1]} (${file})`));
    if (names.length) kinds.set(file, names);
  }
  return { kinds, hidden };
}

const url = 'https://ouvrage.test/page';
const project = {
  id: 12,
  civility: 'Mme',
  firstname: 'Julie',
  lastname: 'Martin',
  street: '3 rue Garibaldi',
  postcode: '69003',
  city: 'Lyon',
  departement: '69',
  surface: 120.5,
  worksSurface: 40,
  budget: '30k-60k',
  support: 'Réalisation des travaux',
  times: 'Dans les 3 mois',
  delai: '2 mois',
  accompagnement: true,
  besoinAccompagnement: 'Suivi de chantier',
  state: 'Validé',
  stage: 'Conception',
  email: 'julie@exemple.fr',
};
const projectForTender = { project, categoryName: 'Rénovation', bienName: 'Appartement' };
const quote = { number: 'D-2026-0007', version: 2, title: 'Salle de bains', totalTtcCents: 1234567, acceptedTotalTtcCents: 1300000, validUntil: '2026-12-31' };
const invoice = {
  id: 5,
  number: 'F-2026-0042',
  title: 'Acompte 30 %',
  totalTtcCents: 370370,
  amountDueCents: 351852,
  paidCents: 100000,
  creditedCents: 0,
  retentionCents: 0,
  retentionReleasedOn: null,
  dueDate: '2026-12-22',
  cancelled: false,
};
const reception = { quoteLabel: 'D-2026-0007 v2', quoteTitle: 'Salle de bains', receptionDate: '2026-11-20', reservations: 2 };
const payment = { number: 'F-2026-0042', title: 'Acompte 30 %', amountCents: 100000, leftCents: 270370 };
const transfer = { number: 'F-2026-0042', amountCents: 100000, receivedOn: '2026-11-25', leftCents: 0 };
const signUp = { company: 'Plomberie Martin', siret: '73282932000074', trade: 'Plombier' };

/** A SEPA debit of a milestone invoice and its mandate (decision 1223). */
const debit = { number: 'F-2026-0042', title: 'Acompte 30 %', amountCents: 122_675 };
const mandate = { reference: 'OUV-D7-M1', ibanLast4: '0189', creditorName: 'Atelier Lefèvre', creditorId: 'FR72ZZZ123456' };

/** Sample facts for each mail kind (its arguments after the language). A kind without them fails the test. */
const SAMPLES: Record<string, unknown[][]> = {
  passwordResetMail: [['Julie', url, 60]],
  setPasswordMail: [
    ['Julie', url, 72, 'default'],
    ['Julie', url, 72, 'project'],
    ['Julie', url, 72, 'admin-client'],
    ['Julie', url, 72, 'admin-professional'],
  ],
  signCodeMail: [
    ['Julie', { quoteLabel: 'D-2026-0007 v2', title: 'Salle de bains' }, '123456'],
    ['Julie', { title: 'Contrat de maîtrise d’œuvre' }, '654321'],
  ],
  invitationMail: [['Julie Martin', 'Paul Durand', 'Contrat de maîtrise d’œuvre', url]],
  signedCopyMail: [['Julie Martin', 'Contrat de maîtrise d’œuvre', url]],
  confirmEmailMail: [['Julie', 24, url]],
  emailChangeAskedMail: [['Julie', 'julie.nouvelle@exemple.fr']],
  passwordChangedMail: [['Julie']],
  validationMail: [
    ['Paul', { architect: true, refused: false, reason: null }, url],
    ['Paul', { architect: false, refused: false, reason: null }, url],
    ['Paul', { architect: false, refused: true, reason: 'Kbis illisible' }, url],
  ],
  existingAccountSignUpMail: [['Paul', url]],
  signUpReceivedMail: [['Paul', signUp, url]],
  signUpForAdminMail: [
    ['Anne', 'Paul Martin', signUp, true, url],
    ['Anne', 'Paul Martin', signUp, false, url],
  ],
  projectRecapMail: [[{ ...project, categoryName: 'Rénovation', bienName: 'Appartement' }, url]],
  stateChangedMail: [
    [project, url, 'Un commentaire'],
    [project, url],
  ],
  stageChangedMail: [
    [project, url, 'Un commentaire'],
    [project, url],
  ],
  projectDeletedMail: [[project]],
  existingAccountProjectMail: [['Julie', url]],
  newTenderMail: [
    [projectForTender, { firstname: 'Paul' }, new Date('2026-12-01T12:00:00Z'), 'Chantier urgent', url],
    [projectForTender, { firstname: 'Paul' }, new Date('2026-12-01T12:00:00Z'), null, url],
  ],
  tenderWithdrawnMail: [[projectForTender, { firstname: 'Paul' }, url]],
  anotherAcceptanceMail: [[projectForTender, 'Plomberie Martin', url]],
  acceptedForAdminMail: [
    [projectForTender, 'Plomberie Martin', 3, 3, url],
    [projectForTender, 'Plomberie Martin', 1, 3, url],
  ],
  quoteSentMail: [[quote, { name: 'Julie' }, 'Atelier Durand', url]],
  quoteAcceptedMail: [[quote, 'Julie Martin', url]],
  quoteRefusedMail: [[quote, 'Julie Martin', 'Trop cher', url]],
  quoteCancelledMail: [[quote, { name: 'Julie' }, 'Atelier Durand', 'Erreur de chiffrage', url]],
  quoteSignedMail: [[quote, 'Julie Martin', url]],
  receptionRecordedMail: [
    [reception, 'Julie', 'Atelier Durand', url],
    [{ ...reception, reservations: 0 }, 'Julie', 'Atelier Durand', url],
    [{ ...reception, reservations: 1 }, 'Julie', 'Atelier Durand', url],
  ],
  receptionSignedMail: [[reception, 'Julie Martin', url]],
  retentionReminderMail: [
    [reception, 'Julie', '2027-11-20', 61728, 2, url],
    [reception, 'Julie', '2027-11-20', 61728, 0, url],
  ],
  retentionReleasedMail: [[reception, 'Julie', 'Atelier Durand', 61728, url]],
  invoiceIssuedMail: [
    [invoice, { client: { name: 'Julie Martin' }, issuer: { name: 'Atelier Durand', trade_name: null } }, url],
    [{ ...invoice, amountDueCents: invoice.totalTtcCents }, { client: { name: 'Julie Martin' }, issuer: { name: 'Atelier Durand', trade_name: 'AD' } }, url],
  ],
  creditNoteIssuedMail: [
    [
      { ...invoice, creditedCents: 50000, refundedCents: 0 },
      { number: 'A-2026-0003', totalTtcCents: 50000, reason: 'Remise commerciale' },
      'Julie Martin',
      url,
    ],
    [
      { ...invoice, creditedCents: 370370, paidCents: 370370, refundedCents: 0 },
      { number: 'A-2026-0003', totalTtcCents: 370370, reason: 'Annulation' },
      'Julie Martin',
      url,
    ],
    [
      { ...invoice, creditedCents: 50000, paidCents: 320370, refundedCents: 0 },
      { number: 'A-2026-0003', totalTtcCents: 50000, reason: 'Erreur' },
      'Julie Martin',
      url,
    ],
  ],
  invoiceReminderMail: [
    ['before-3', invoice, 'Julie', url],
    ['after-1', invoice, 'Julie', url],
    ['after-15', invoice, 'Julie', url],
  ],
  paymentReceivedClientMail: [
    [payment, 'Julie', url],
    [{ ...payment, leftCents: 0 }, 'Julie', url],
  ],
  paymentReceivedIssuerMail: [[payment, 'Paul', 'Julie Martin', url]],
  paymentFailedMail: [
    [payment, 'Julie', 'card_declined', url],
    [payment, 'Julie', 'async_failed', url],
    [payment, 'Julie', 'other', url],
  ],
  paymentNotAppliedMail: [
    [payment, 'Julie', true, url],
    [payment, 'Julie', false, url],
  ],
  transferConfirmedClientMail: [
    [transfer, { name: 'Julie' }, url],
    [{ ...transfer, leftCents: 5000 }, { name: 'Julie' }, url],
  ],
  transferConfirmedIssuerMail: [[transfer, 'Julie Martin', url]],
  transferDeclaredAdminMail: [[{ number: 'F-2026-0042', amountCents: 100000, declaredOn: '2026-11-24', reference: 'RF18539007547034' }, 'Julie Martin', url]],
  debitAnnouncedMail: [[debit, mandate, '2026-12-16', 'Julie', url]],
  debitReceivedClientMail: [[debit, 'Julie', url]],
  debitReceivedIssuerMail: [[debit, 'Antoine Lefèvre', 'Julie Martin', url]],
  debitRejectedClientMail: [
    [debit, 'insufficient_funds', 'Julie', url],
    [debit, 'mandate_revoked', 'Julie', url],
    [debit, 'debit_failed', 'Julie', url],
  ],
  debitRejectedIssuerMail: [[debit, 'insufficient_funds', 'Antoine Lefèvre', 'Julie Martin', url]],
  mandateRevokedMail: [[mandate, 'Julie', url]],
};

/** Words that give away a French sentence left in another language's mail. */
const FRENCH = /\b(Bonjour|Votre|vous|nous|avec|pour|dans|été|être|facture|devis|Voir|L'équipe|réception|Réinitialisation|à régler|mot de passe)\b/;
const ARABIC_LETTER = /[\u0600-\u06FF]/;
/** What an unfilled or broken text leaves behind. */
const BROKEN = /\{\{|\}\}|undefined|null|NaN|\[object |errors\.|mails\./;

const textOf = (mail: MailContent) => [mail.subject, mail.text, mail.html.replace(/<[^>]+>/g, ' ')].join('\n');

describe('every mail kind renders in French, English and Arabic', () => {
  const { kinds, hidden } = mailKinds();
  const all = [...kinds.values()].flat();

  it('finds the mail kinds and has sample facts for each', () => {
    expect(all.length).toBeGreaterThan(30);
    expect(hidden, 'export these mail functions so that they are rendered here').toEqual([]);
    const missing = all.filter((name) => !SAMPLES[name]);
    expect(missing, 'add sample facts for these mails to SAMPLES').toEqual([]);
  });

  for (const [file, names] of kinds) {
    for (const name of names) {
      it(`${name} (${file})`, async () => {
        const mod = (await import(join(modules, file))) as Record<string, (language: Language, ...args: unknown[]) => MailContent>;
        for (const args of SAMPLES[name] ?? []) {
          const fr = mod[name]('fr', ...args);
          const en = mod[name]('en', ...args);
          const ar = mod[name]('ar', ...args);
          for (const mail of [fr, en, ar]) expect(textOf(mail)).not.toMatch(BROKEN);
          expect(fr.html).toContain('<html lang="fr" dir="ltr">');
          expect(en.html).toContain('<html lang="en" dir="ltr">');
          expect(ar.html).toContain('<html lang="ar" dir="rtl">');
          for (const [language, mail] of [
            ['en', en],
            ['ar', ar],
          ] as const) {
            expect(mail.subject, `${language} subject`).not.toBe(fr.subject);
            expect(textOf(mail), `${language} mail`).not.toMatch(FRENCH);
          }
          expect(en.text).not.toMatch(ARABIC_LETTER);
          expect(ar.subject).toMatch(ARABIC_LETTER);
          // The Arabic body is mostly Arabic: each paragraph but the names and figures in it.
          const paragraphs = ar.text.split('\n\n').filter((p) => p.trim() && !p.startsWith('http'));
          expect(
            paragraphs.filter((p) => !ARABIC_LETTER.test(p)),
            'Arabic paragraphs',
          ).toEqual([]);
        }
      });
    }
  }
});
