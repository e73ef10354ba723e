import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { attachmentQuery, conversationLines as lines, conversationEndpoints as endpoints, errorEnvelope, idParam } from '@ouvrage/contracts';
import { lineRoute, route } from '../../lib/route';
import { sendFile } from '../../lib/stored-files';
import { acceptUploads, readUploads } from '../../lib/uploads';
import { callerOf } from '../../plugins/access-control';
import { registerRetention } from '../users';
import { registerExport } from '../data-export';
import { conversationsExport } from './personal-data';
import { deleteMessage, editMessage } from './change-message';
import { getConversation, listConversations, listMessages, unreadCount } from './conversation-views';
import { conversationDocuments } from './conversation-documents';
import { markRead } from './mark-read';
import { openConversation } from './open-conversation';
import * as repo from './repository';
import { assertCanSend, sendMessage } from './send-message';
import { attachmentFile, attachmentUploadOptions } from './attachments';
import { registerModerationRoutes } from './moderation-routes';
import { assertAttachmentReadable } from './moderation-views';
import { sendUnreadMessageMails, UNREAD_MAIL_EVERY_MS, UNREAD_MAIL_JOB } from './unread-mails';

/** Conversations inside a project, text messages (issue 39 §1, decision 1230). */
export async function conversationRoutes(app: FastifyInstance) {
  await acceptUploads(app);
  const { deps } = app;
  const tags = ['Conversations'];
  app.registerOwnership('conversation', repo.ownersOfConversation);
  app.registerOwnership('conversation-message', repo.ownersOfMessage);
  app.registerOwnership('conversation-attachment', repo.ownersOfAttachment);
  // Their messages name the members: the accounts are anonymised, not deleted.
  registerRetention(deps, { name: 'conversations', retains: repo.conversationsNameUser });
  registerExport(deps, conversationsExport);
  deps.jobs.registerRecurringJob(UNREAD_MAIL_JOB, UNREAD_MAIL_EVERY_MS, async () => {
    await sendUnreadMessageMails(deps);
  });

  route(app, endpoints.conversations, {
    tags,
    summary: 'Mes conversations : non lues d’abord, puis par dernière activité',
    handler: (r) => listConversations(deps, callerOf(r), r.query),
  });
  route(app, endpoints.unreadCount, {
    tags,
    summary: 'Le nombre de messages non lus, toutes conversations confondues (pastille de la barre du haut)',
    handler: (r) => unreadCount(deps, callerOf(r)),
  });
  route(app, endpoints.openConversation, {
    tags,
    summary:
      'Ouvrir (ou retrouver) la conversation d’un projet avec une personne : le client avec un professionnel retenu, ce professionnel avec le client, l’équipe Ouvrage avec l’un d’eux',
    handler: (r) => openConversation(deps, callerOf(r), r.params.id, r.body),
  });
  route(app, endpoints.conversation, {
    tags,
    summary: 'Une conversation : son projet, ses membres et jusqu’où chacun a lu, si l’on peut y écrire',
    handler: (r) => getConversation(deps, callerOf(r), r.params.id),
  });
  route(app, endpoints.messages, {
    tags,
    summary: 'Une page de messages, les plus récents en dernier ; `before` : la page s’arrête juste avant ce message',
    handler: (r) => listMessages(deps, callerOf(r), r.params.id, r.query),
  });
  route(app, endpoints.sendMessage, {
    tags,
    summary:
      'Envoyer un message (au plus 4000 caractères, 20 par minute) : JSON, ou multipart avec le champ body et jusqu’à 5 fichiers (champ files) — images JPEG, PNG ou WebP (réencodées sans métadonnées) ou PDF, 10 Mo chacun ; le texte peut être vide s’il y a un fichier',
    handler: async (r) => {
      const caller = callerOf(r);
      // Access to the conversation was settled by access control; the writer is checked before the first file byte.
      await assertCanSend(deps, caller, r.params.id);
      const form = r.isMultipart() ? await readUploads(r as unknown as FastifyRequest, attachmentUploadOptions) : { fields: r.body, files: [] };
      return sendMessage(deps, caller, r.params.id, form);
    },
  });
  route(app, endpoints.markRead, {
    tags,
    summary: 'Marquer la conversation comme lue jusqu’à un message (jamais en arrière)',
    handler: (r) => markRead(deps, callerOf(r), r.params.id, r.body),
  });
  route(app, endpoints.editMessage, {
    tags,
    summary: 'Modifier son message, dans les 5 minutes qui suivent son envoi',
    handler: (r) => editMessage(deps, callerOf(r), r.params.id, r.body),
  });
  route(app, endpoints.deleteMessage, {
    tags,
    summary: 'Supprimer son message : il reste affiché comme supprimé, sans son texte',
    handler: (r) => deleteMessage(deps, callerOf(r), r.params.id),
  });

  route(app, endpoints.documents, {
    tags,
    summary: 'Les devis, factures et avenants du projet que l’on peut joindre à un message (une carte), du plus récent au plus ancien',
    handler: (r) => conversationDocuments(deps, callerOf(r), r.params.id),
  });

  registerModerationRoutes(app);

  // A file, outside the JSON envelope: an image as stored (without metadata) or its thumbnail, a PDF as sent.
  const fileErrors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
  app.withTypeProvider<ZodTypeProvider>().route({
    ...lineRoute(lines.attachment),
    schema: {
      tags,
      summary: 'Un fichier joint à un message : l’image sans métadonnées, ou sa vignette (?taille=vignette), ou le PDF tel qu’envoyé',
      params: idParam,
      querystring: attachmentQuery,
      response: fileErrors,
    },
    handler: async (request, reply) => {
      await assertAttachmentReadable(deps, callerOf(request), request.params.id);
      const file = await attachmentFile(deps, request.params.id, request.query.taille);
      return sendFile(reply, { bytes: file.bytes, mime: file.mime, ...(file.isImage ? {} : { name: file.name, disposition: 'inline' as const }) });
    },
  });
}
