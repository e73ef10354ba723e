import type { UserType } from './roles';

/**
 * Notifications (issue 12, decisions 0800–0803): every event a user should hear of, as a kind.
 * Each kind has a group (for the e-mail choices screen), the roles that may receive it, and
 * whether it is legal — a legal kind's e-mail always goes, whatever the user chose (invoices,
 * signature).
 */
export const NOTIFICATION_GROUPS = ['account', 'projects', 'tenders', 'quotes', 'signature', 'invoices', 'payments', 'reception', 'messages'] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

const CLIENT = ['client'] as const;
const PROS = ['professionnel', 'dessinateur', 'architecte'] as const;
const ISSUERS = ['architecte', 'admin'] as const;
const EVERYONE = ['client', 'professionnel', 'dessinateur', 'architecte', 'admin'] as const;

interface KindDefinition {
  group: NotificationGroup;
  roles: readonly UserType[];
  legal?: boolean;
}

const KINDS = {
  account_created: { group: 'account', roles: EVERYONE },
  account_validated: { group: 'account', roles: PROS },
  account_refused: { group: 'account', roles: PROS },

  project_submitted: { group: 'projects', roles: [...CLIENT, 'admin'] },
  project_state_changed: { group: 'projects', roles: CLIENT },
  project_stage_changed: { group: 'projects', roles: CLIENT },
  // A new entry in the journal de chantier of the client's project (decision 1231); the client may turn its e-mail off.
  site_log_entry: { group: 'projects', roles: CLIENT },

  tender_received: { group: 'tenders', roles: PROS },
  tender_withdrawn: { group: 'tenders', roles: PROS },
  tender_closed: { group: 'tenders', roles: PROS },
  tender_accepted: { group: 'tenders', roles: [...CLIENT, 'admin'] },
  tender_refused: { group: 'tenders', roles: ['admin'] },

  quote_sent: { group: 'quotes', roles: CLIENT },
  quote_accepted: { group: 'quotes', roles: ISSUERS },
  quote_refused: { group: 'quotes', roles: ISSUERS },
  quote_cancelled: { group: 'quotes', roles: CLIENT },
  quote_expiring: { group: 'quotes', roles: CLIENT },
  // The consumer withdrew within 14 days (C. conso. L221-18, decision 1053): the issuer must know, whatever their choices.
  quote_withdrawn: { group: 'quotes', roles: ISSUERS, legal: true },
  // Avenants (decision 1220): sent to the client, signed or refused by them.
  avenant_sent: { group: 'quotes', roles: CLIENT },
  avenant_signed: { group: 'quotes', roles: ISSUERS },
  avenant_refused: { group: 'quotes', roles: ISSUERS },
  // The final account (decision 1222): established for the client, accepted or disputed by them.
  dgd_established: { group: 'quotes', roles: CLIENT },
  dgd_accepted: { group: 'quotes', roles: ISSUERS },
  dgd_disputed: { group: 'quotes', roles: ISSUERS },

  document_to_sign: { group: 'signature', roles: EVERYONE, legal: true },
  document_signed: { group: 'signature', roles: EVERYONE, legal: true },
  /** A signer's own copy of what they signed (C. conso. L221-13: a durable medium), the PDF attached. */
  signed_copy: { group: 'signature', roles: EVERYONE, legal: true },

  invoice_issued: { group: 'invoices', roles: CLIENT, legal: true },
  invoice_due: { group: 'invoices', roles: CLIENT, legal: true },
  invoice_overdue: { group: 'invoices', roles: CLIENT, legal: true },
  // A milestone of the payment schedule the client signed is reached: its invoice is prepared (decision 1221).
  payment_milestone_reached: { group: 'invoices', roles: CLIENT },
  // A credit note on the client's invoice (decision 1061): an invoicing document, always mailed with its PDF.
  credit_note_issued: { group: 'invoices', roles: CLIENT, legal: true },
  // The PA refused, rejected or could not route an e-invoice, or the buyer disputes it (decision 1212): the issuer must act.
  e_invoice_action_needed: { group: 'invoices', roles: ISSUERS, legal: true },

  payment_received: { group: 'payments', roles: [...CLIENT, ...ISSUERS] },
  payment_failed: { group: 'payments', roles: CLIENT },
  // SEPA direct debit (decision 1223): the pre-notification the rulebook requires before each debit,
  // a rejected debit (both sides: the invoice is due again), a mandate revoked (no later debit).
  sepa_debit_announced: { group: 'payments', roles: CLIENT, legal: true },
  sepa_debit_failed: { group: 'payments', roles: [...CLIENT, ...ISSUERS] },
  sepa_mandate_revoked: { group: 'payments', roles: [...CLIENT, ...ISSUERS] },
  // The refund a credit note on a paid invoice left owed, recorded by the issuer (decision 1062).
  invoice_refunded: { group: 'payments', roles: CLIENT },

  reception_recorded: { group: 'reception', roles: CLIENT },
  guarantee_release: { group: 'reception', roles: [...CLIENT, ...ISSUERS] },

  // A member reported a message (decision 1230): the admins read the conversation and moderate it.
  message_reported: { group: 'messages', roles: ['admin'] },
  // Messages left unread 15 minutes, grouped in one e-mail per round (decision 1230).
  messages_unread: { group: 'messages', roles: EVERYONE },
} as const satisfies Record<string, KindDefinition>;

export type NotificationKind = keyof typeof KINDS;
export const NOTIFICATION_KINDS = Object.keys(KINDS) as NotificationKind[];

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && Object.hasOwn(KINDS, value);
}

/** Legal kinds: the e-mail always goes (an invoice, a document to sign), the choice is shown on and locked. */
export function isLegalNotification(kind: NotificationKind): boolean {
  return (KINDS[kind] as KindDefinition).legal === true;
}

export function notificationGroupOf(kind: NotificationKind): NotificationGroup {
  return KINDS[kind].group;
}

/** The kinds a user of this role may receive, in the order of the choices screen. */
export function notificationKindsFor(role: UserType): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => (KINDS[kind].roles as readonly UserType[]).includes(role));
}

/** Whether a notification of this kind is mailed, given the user's choices (absent = yes). */
export function wantsNotificationMail(kind: NotificationKind, choices: Partial<Record<NotificationKind, boolean>>): boolean {
  return isLegalNotification(kind) || choices[kind] !== false;
}

/** Values a notification text interpolates (a quote number, a project name, an amount already formatted…). */
export type NotificationParams = Record<string, string | number>;

/** A notification's page in the app: an absolute path inside the web app (`/devis/12`), never an outside address. */
export function isAppLink(link: string): boolean {
  return /^\/(?!\/)[^\s]*$/.test(link) && link.length <= 300;
}

/** Days before a quote's validity ends when its client is reminded once (`quote_expiring`). */
export const QUOTE_EXPIRING_DAYS = 3;
