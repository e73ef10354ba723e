import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, idParam, quoteEndpoints as endpoints, quoteLines } from '@ouvrage/contracts';
import { projectQuoteSignedRefusal } from '@ouvrage/domain';
import { lineRoute, route } from '../../lib/route';
import { sendFile } from '../../lib/stored-files';
import { storeUploads } from '../../lib/uploads';
import { callerOf } from '../../plugins/access-control';
import { registerDocumentKind } from '../document-links';
import { registerOriginalKind } from '../originals';
import { registerProductUse } from '../products';
import { registerCancellationGuard } from '../projects';
import { registerRetention } from '../users';
import { registerExport } from '../data-export';
import { quotesExport } from './personal-data';
import * as answer from './answer-quote';
import * as edit from './edit-quote';
import * as lists from './list-quotes';
import * as mediator from './mediator';
import { quotePdfDocument } from './quote-document';
import { QUOTE_PDF_ATTACHMENT, quotePdf, quotePdfAttachment, renderSentQuote } from './quote-pdf';
import { QUOTE_EXPIRING_EVERY_MS, QUOTE_EXPIRING_JOB, remindExpiringQuotes } from './expiry-reminders';
import * as repo from './repository';
import { sendQuote } from './send-quote';
import * as settings from './settings';
import { acceptUploads } from '../../lib/uploads';
import { withdrawQuote } from './withdraw-quote';

/** The expiry sweep's period: a sent quote reads `Expiré` on every read already; the sweep persists it. */
const EXPIRY_SWEEP_MS = 15 * 60_000;

/** Quotes (issue 9, decision 0510): editor, sending, the client's answer, validation, comparison, settings. */
export async function quoteRoutes(app: FastifyInstance) {
  await acceptUploads(app);
  const { deps } = app;
  const tags = ['Devis'];
  app.registerOwnership('quote', repo.ownersOfQuote);
  registerProductUse(deps, { name: 'quotes', uses: repo.quotesNameProduct });
  // A signed quote binds the client: they no longer cancel the project themselves (issue 15).
  registerCancellationGuard(deps, async (db, projectId) => {
    const number = await repo.bindingQuoteNumber(db, projectId);
    return number === null ? null : projectQuoteSignedRefusal(number);
  });
  // Sent quotes are legal records kept 10 years: a person they name is anonymised, not deleted.
  registerRetention(deps, { name: 'quotes', retains: repo.quotesNameUser, anonymise: repo.anonymiseQuotesOf });
  registerExport(deps, quotesExport);
  deps.mailer.registerAttachmentResolver(QUOTE_PDF_ATTACHMENT, quotePdfAttachment(deps));
  registerDocumentKind(deps, 'quote-pdf', quotePdfDocument(app));
  // A sent version is stored once, as sent, and served from the store (decision 1020).
  registerOriginalKind(app, 'quote', (id) => renderSentQuote(deps, id));
  deps.jobs.registerRecurringJob('quotes.expire', EXPIRY_SWEEP_MS, async () => {
    await answer.expireQuotes(deps);
  });
  deps.jobs.registerRecurringJob(QUOTE_EXPIRING_JOB, QUOTE_EXPIRING_EVERY_MS, async () => {
    await remindExpiringQuotes(deps);
  });

  route(app, endpoints.listQuotesOf, {
    tags,
    summary: 'Mes devis : émis (architecte) ou reçus (client, jamais les brouillons)',
    handler: (r) => lists.listQuotesOf(deps, callerOf(r), r.query),
  });
  route(app, endpoints.listAllQuotes, { tags, summary: 'Tous les devis (administrateur)', handler: (r) => lists.listAllQuotes(deps, r.query) });
  route(app, endpoints.quotableProjects, {
    tags,
    summary: 'Projets que je peux chiffrer (appel d’offre accepté), avec client et adresse du chantier',
    handler: (r) => lists.quotableProjects(deps, callerOf(r)),
  });
  route(app, endpoints.createQuote, { tags, summary: 'Créer un brouillon de devis', handler: (r) => edit.createQuote(deps, callerOf(r), r.body) });
  route(app, endpoints.getQuote, { tags, summary: 'Détail d’un devis', handler: (r) => lists.getQuote(deps, callerOf(r), r.params.id) });
  route(app, endpoints.updateQuote, {
    tags,
    summary: 'Enregistrer un brouillon (contenu entier, révision attendue)',
    handler: (r) => edit.updateQuote(deps, callerOf(r), r.params.id, r.body),
  });
  route(app, endpoints.deleteQuote, { tags, summary: 'Supprimer un brouillon', handler: (r) => edit.deleteQuote(deps, r.params.id) });
  route(app, endpoints.newVersion, { tags, summary: 'Nouvelle version (copie en brouillon)', handler: (r) => edit.newVersion(deps, callerOf(r), r.params.id) });
  route(app, endpoints.sendQuote, {
    tags,
    summary: 'Envoyer le devis au client (numéro, validité, e-mail avec le PDF)',
    handler: (r) => sendQuote(deps, callerOf(r), r.params.id),
  });
  route(app, endpoints.acceptQuote, {
    tags,
    summary: 'Accepter le devis (client), avec les options choisies',
    handler: (r) => answer.acceptQuote(deps, callerOf(r), r.params.id, r.body.chosen_option_ids),
  });
  route(app, endpoints.refuseQuote, {
    tags,
    summary: 'Refuser le devis (client), avec une raison',
    handler: (r) => answer.refuseQuote(deps, callerOf(r), r.params.id, r.body.reason),
  });
  route(app, endpoints.withdrawQuote, {
    tags,
    summary: 'Se rétracter d’un devis signé dans les 14 jours (client consommateur, art. L221-18 du code de la consommation)',
    handler: (r) => withdrawQuote(deps, callerOf(r), r.params.id),
  });
  route(app, endpoints.cancelQuote, {
    tags,
    summary: 'Annuler le devis (architecte), avec une raison',
    handler: (r) => answer.cancelQuote(deps, callerOf(r), r.params.id, r.body.reason),
  });
  route(app, endpoints.validationList, {
    tags,
    summary: 'Devis acceptés à valider en contrat',
    handler: (r) => lists.validationList(deps, callerOf(r), r.query),
  });
  route(app, endpoints.validateQuote, {
    tags,
    summary: 'Valider un devis accepté en contrat',
    handler: (r) => answer.validateQuote(deps, callerOf(r), r.params.id),
  });
  route(app, endpoints.compareQuotes, {
    tags,
    summary: 'Comparer les devis d’un projet (client)',
    handler: (r) => lists.compareQuotes(deps, callerOf(r), r.params.id),
  });

  route(app, endpoints.getSettings, {
    tags,
    summary: 'Mes paramètres de devis (« Personnaliser »)',
    handler: (r) => settings.getSettings(deps, callerOf(r).id),
  });
  route(app, endpoints.saveSettings, {
    tags,
    summary: 'Enregistrer mes paramètres de devis',
    handler: (r) => settings.saveSettings(deps, callerOf(r).id, r.body),
  });
  route(app, endpoints.uploadLogo, {
    tags,
    summary: 'Déposer mon logo (multipart : file, PNG, JPEG ou WebP — gardé en PNG —, 2 Mo au plus)',
    handler: async (r) => settings.uploadLogo(deps, callerOf(r).id, (await storeUploads(r, deps.storage, settings.LOGO_UPLOAD)).files),
  });
  route(app, endpoints.deleteLogo, { tags, summary: 'Retirer mon logo', handler: (r) => settings.deleteLogo(deps, callerOf(r).id) });
  route(app, endpoints.getPlatformSettings, {
    tags,
    summary: 'Paramètres de devis par défaut de la plateforme',
    handler: () => settings.getSettings(deps, null),
  });
  route(app, endpoints.savePlatformSettings, {
    tags,
    summary: 'Enregistrer les paramètres de devis par défaut',
    handler: (r) => settings.saveSettings(deps, null, r.body),
  });
  route(app, endpoints.uploadPlatformLogo, {
    tags,
    summary: 'Déposer le logo par défaut (multipart : file)',
    handler: async (r) => settings.uploadLogo(deps, null, (await storeUploads(r, deps.storage, settings.LOGO_UPLOAD)).files),
  });
  route(app, endpoints.deletePlatformLogo, { tags, summary: 'Retirer le logo par défaut', handler: () => settings.deleteLogo(deps, null) });
  route(app, endpoints.getMediator, { tags, summary: 'Le médiateur de la consommation (devis aux particuliers)', handler: () => mediator.getMediator(deps) });
  route(app, endpoints.saveMediator, { tags, summary: 'Enregistrer le médiateur de la consommation', handler: (r) => mediator.saveMediator(deps, r.body) });

  // Raw answers outside the JSON envelope: the PDF and the logo images.
  const r = app.withTypeProvider<ZodTypeProvider>();
  const fileErrors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
  r.route({
    ...lineRoute(quoteLines.quotePdf),
    schema: { tags, summary: 'Le devis en PDF (A4, mentions obligatoires, attestations en annexe)', params: idParam, response: fileErrors },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      await lists.getQuote(deps, caller, request.params.id);
      const { bytes, name } = await quotePdf(deps, request.params.id, caller);
      return sendFile(reply, { bytes, mime: 'application/pdf', name, disposition: 'inline' });
    },
  });
  r.route({
    ...lineRoute(quoteLines.logoFile),
    schema: { tags, summary: 'Mon logo de devis (image)', response: fileErrors },
    handler: async (request, reply) => {
      const logo = await settings.readLogo(deps, callerOf(request).id);
      return sendFile(reply, { ...logo, cache: 'private, max-age=60' });
    },
  });
  r.route({
    ...lineRoute(quoteLines.platformLogoFile),
    schema: { tags, summary: 'Le logo de devis par défaut (image)', response: fileErrors },
    handler: async (_request, reply) => {
      const logo = await settings.readLogo(deps, null);
      return sendFile(reply, { ...logo, cache: 'private, max-age=60' });
    },
  });
}
