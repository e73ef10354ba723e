import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, idParam, invoiceEndpoints as endpoints, invoiceLines as lines } from '@ouvrage/contracts';
import { lineRoute, route } from '../../lib/route';
import { sendFile } from '../../lib/stored-files';
import { callerOf } from '../../plugins/access-control';
import { registerDocumentKind } from '../document-links';
import { registerOriginalKind } from '../originals';
import { registerRetention } from '../users';
import { registerExport } from '../data-export';
import { invoicesExport } from './personal-data';
import { issueCreditNote } from './credit-note';
import { CREDIT_NOTE_PDF_ATTACHMENT } from './credit-note-notice';
import { creditNotePdf, renderIssuedCreditNote } from './credit-note-pdf';
import { invoicePdf, invoicePdfDocument, renderIssuedInvoice } from './invoice-pdf';
import { issueInvoice } from './issue-invoice';
import { recordRefund } from './refunds';
import { INVOICE_PDF_ATTACHMENT } from './mails';
import * as lists from './list-invoices';
import * as repo from './repository';
import * as settings from './settings';
import { listLatePaymentRates, saveLatePaymentRate } from './late-payment-rates';
import { INVOICE_REMINDER_EVERY_MS, INVOICE_REMINDER_JOB, sendInvoiceReminders } from './invoice-reminders';

/** Invoices (issue 11, decision 0700): issuing from a validated quote, credit notes, lists, detail, PDF. */
export async function invoiceRoutes(app: FastifyInstance) {
  const { deps } = app;
  const tags = ['Factures'];
  app.registerOwnership('invoice', repo.ownersOfInvoice);
  app.registerOwnership('credit-note', repo.ownersOfCreditNote);
  // Invoices are accounting records kept 10 years (code de commerce L123-22): never anonymised.
  registerRetention(deps, { name: 'invoices', retains: repo.invoicesNameUser });
  registerExport(deps, invoicesExport);
  registerDocumentKind(deps, 'invoice-pdf', invoicePdfDocument(app));
  // Issued invoices and credit notes are stored once, as issued, and served from the store (decision 1020).
  registerOriginalKind(app, 'invoice', (id) => renderIssuedInvoice(deps, id));
  registerOriginalKind(app, 'credit-note', (id) => renderIssuedCreditNote(deps, id));
  // The issued invoice's mail attaches its stored original (made then if the archiving job has not run yet).
  deps.mailer.registerAttachmentResolver(INVOICE_PDF_ATTACHMENT, async (ref) => {
    const row = await repo.findInvoice(deps.db, Number(ref));
    if (!row) throw new Error(`Facture ${ref} introuvable pour la pièce jointe`);
    const { bytes, name } = await invoicePdf(deps, row.id, { id: row.issuerId, user_type: 'architecte', is_validate: 'Validé' });
    return { filename: name, content: bytes, contentType: 'application/pdf' };
  });
  // The credit note's mail attaches its PDF (decision 1061).
  deps.mailer.registerAttachmentResolver(CREDIT_NOTE_PDF_ATTACHMENT, async (ref) => {
    const note = await repo.findCreditNote(deps.db, Number(ref));
    if (!note) throw new Error(`Avoir ${ref} introuvable pour la pièce jointe`);
    const { bytes, name } = await creditNotePdf(deps, note.id, { id: note.issuerId, user_type: 'architecte', is_validate: 'Validé' });
    return { filename: name, content: bytes, contentType: 'application/pdf' };
  });
  deps.jobs.registerRecurringJob(INVOICE_REMINDER_JOB, INVOICE_REMINDER_EVERY_MS, async () => {
    await sendInvoiceReminders(deps);
  });

  route(app, endpoints.issueInvoice, {
    tags,
    summary: 'Émettre une facture (acompte, situation, solde) sur un devis validé',
    handler: (r) => issueInvoice(deps, callerOf(r), r.body),
  });
  route(app, endpoints.recordRefund, {
    tags,
    summary: 'Enregistrer le remboursement au client de ce qu’un avoir a laissé payé en trop',
    handler: (r) => recordRefund(deps, callerOf(r), r.params.id, r.body),
  });
  route(app, endpoints.issueCreditNote, {
    tags,
    summary: 'Émettre un avoir annulant tout ou partie d’une facture',
    handler: (r) => issueCreditNote(deps, callerOf(r), r.params.id, r.body),
  });
  route(app, endpoints.listInvoices, {
    tags,
    summary: 'Factures : émises (architecte), reçues (client), toutes (administrateur)',
    handler: (r) => lists.listInvoices(deps, callerOf(r), r.query),
  });
  route(app, endpoints.getInvoice, { tags, summary: 'Détail d’une facture', handler: (r) => lists.getInvoice(deps, callerOf(r), r.params.id) });
  route(app, endpoints.quoteInvoicing, {
    tags,
    summary: 'Factures déjà émises sur un devis (pour calculer la suivante)',
    handler: (r) => lists.quoteInvoicing(deps, callerOf(r), r.params.id),
  });
  route(app, endpoints.latePaymentRates, {
    tags,
    summary: 'Taux de pénalités de retard entre professionnels, par semestre (BCE + 10 points, minimum 3 × taux légal)',
    handler: () => listLatePaymentRates(deps),
  });
  route(app, endpoints.saveLatePaymentRate, { tags, summary: 'Saisir ou corriger les taux d’un semestre', handler: (r) => saveLatePaymentRate(deps, r.body) });
  route(app, endpoints.getSettings, {
    tags,
    summary: 'Mes coordonnées bancaires et option TVA sur les débits',
    handler: (r) => settings.getSettings(deps, callerOf(r).id),
  });
  route(app, endpoints.saveSettings, {
    tags,
    summary: 'Enregistrer mes coordonnées bancaires et option TVA sur les débits',
    handler: (r) => settings.saveSettings(deps, callerOf(r).id, r.body),
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const fileErrors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
  r.route({
    ...lineRoute(lines.invoicePdf),
    schema: { tags, summary: 'La facture en PDF (mentions obligatoires)', params: idParam, response: fileErrors },
    handler: async (request, reply) => {
      const { bytes, name } = await invoicePdf(deps, request.params.id, callerOf(request));
      return sendFile(reply, { bytes, mime: 'application/pdf', name, disposition: 'inline' });
    },
  });
  r.route({
    ...lineRoute(lines.creditNotePdf),
    schema: { tags, summary: 'L’avoir en PDF (Factur-X, type 381)', params: idParam, response: fileErrors },
    handler: async (request, reply) => {
      const { bytes, name } = await creditNotePdf(deps, request.params.id, callerOf(request));
      return sendFile(reply, { bytes, mime: 'application/pdf', name, disposition: 'inline' });
    },
  });
}
