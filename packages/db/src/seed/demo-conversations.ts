import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import {
  conversationMembers,
  conversationReadLog,
  conversationReports,
  conversations,
  messageReferences,
  messages,
  offers,
  projects,
  quotes,
  users,
} from '../schema';

const HOUR = 3_600_000;

/**
 * Demo conversations (development only, decision 1230): the demo client talks with each demo
 * professional whose tender on one of her projects was accepted — a visit arranged, a plan sent,
 * a question on the quote —, the latest answer still unread, so the top bar's badge and the list
 * show what a lively account looks like. Runs after the tenders, quotes and contracts.
 */
const THREADS: ReadonlyArray<ReadonlyArray<readonly ['client' | 'pro', string]>> = [
  [
    ['client', 'Bonjour, merci d’avoir accepté le projet. Seriez-vous disponible pour une visite cette semaine ?'],
    ['pro', 'Bonjour Madame, avec plaisir. Jeudi à 9 h, cela vous convient-il ? Prévoyez l’accès au tableau électrique et aux évacuations.'],
    ['client', 'Jeudi 9 h c’est parfait. Le digicode est 2471B, 2e étage gauche.'],
    ['pro', 'Noté. Après la visite je vous envoie le devis détaillé par lots, avec les variantes pour la faïence.'],
    ['client', 'Voici les photos du plan d’origine : https://www.cadastre.gouv.fr — la cloison du fond est porteuse ?'],
    ['pro', 'D’après le plan, non : c’est une cloison en carreaux de plâtre. Je le vérifierai sur place avant de la chiffrer.'],
  ],
  [
    ['pro', 'Bonjour, le devis est en ligne. J’ai mis la reprise des évacuations en option : elle dépendra de l’état des canalisations.'],
    ['client', 'Merci ! Le délai de 6 semaines inclut-il le séchage de la chape ?'],
    ['pro', 'Oui, 10 jours de séchage sont comptés avant la pose du carrelage.'],
    ['client', 'Parfait, je le signe ce soir.'],
    ['pro', 'Pour l’acompte, réglez plutôt en espèces à l’équipe lundi : on évite les frais de la plateforme.'],
    ['pro', 'Merci pour votre confiance. Le planning démarre lundi : l’équipe arrive à 8 h.'],
  ],
];

export async function seedDemoConversations({ db }: DatabaseHandle): Promise<void> {
  const existing = await db.select({ id: conversations.id }).from(conversations).limit(1);
  if (existing.length > 0) return;
  const [client] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = 'client@ouvrage.test'`);
  if (!client) return;
  const accepted = await db
    .select({ projectId: offers.projectId, professionalId: offers.professionalId })
    .from(offers)
    .innerJoin(projects, eq(projects.id, offers.projectId))
    .where(and(eq(projects.clientId, client.id), eq(offers.status, 'Acceptée'), ne(projects.state, 'Annulé')))
    .orderBy(asc(offers.id));
  const now = Date.now();
  await db.transaction(async (tx) => {
    for (const [i, pair] of accepted.slice(0, THREADS.length).entries()) {
      if (pair.projectId === null) continue;
      const thread = THREADS[i];
      const start = now - (thread.length * 5 + i * 30) * HOUR;
      const [low, high] = client.id < pair.professionalId ? [client.id, pair.professionalId] : [pair.professionalId, client.id];
      const [c] = await tx
        .insert(conversations)
        .values({ projectId: pair.projectId, memberLow: low, memberHigh: high, createdBy: client.id, createdAt: new Date(start) })
        .onConflictDoNothing()
        .returning();
      if (!c) continue;
      const rows = await tx
        .insert(messages)
        .values(
          thread.map(([who, body], k) => ({
            conversationId: c.id,
            authorId: who === 'client' ? client.id : pair.professionalId,
            body,
            createdAt: new Date(start + k * 5 * HOUR),
          })),
        )
        .returning({ id: messages.id, authorId: messages.authorId, createdAt: messages.createdAt });
      // « Le devis est en ligne » carries the quote as a card (decision 1230 « References »): the
      // professional's latest sent quote on the project, its status read live.
      if (i === 1) {
        const [quote] = await tx
          .select({ id: quotes.id })
          .from(quotes)
          .where(and(eq(quotes.projectId, pair.projectId), eq(quotes.issuerId, pair.professionalId), ne(quotes.status, 'Brouillon')))
          .orderBy(desc(quotes.id))
          .limit(1);
        if (quote) await tx.insert(messageReferences).values({ messageId: rows[0].id, kind: 'quote', documentId: quote.id });
      }
      // The professional read everything; the client everything but the professional's last answer.
      const last = rows[rows.length - 1];
      const clientRead = last.authorId === client.id ? last : (rows[rows.length - 2] ?? null);
      await tx.insert(conversationMembers).values([
        { conversationId: c.id, userId: pair.professionalId, lastReadMessageId: last.id, lastReadAt: last.createdAt },
        { conversationId: c.id, userId: client.id, lastReadMessageId: clientRead?.id ?? null, lastReadAt: clientRead?.createdAt ?? null },
      ]);
      // The second thread: the client reported the request to pay in cash, outside the platform (one
      // open report, so the admin's « Signalements » has content; decision 1230 « Reports and moderation »).
      const cash = rows.find((r, k) => thread[k][1].includes('espèces'));
      if (cash) {
        await tx.insert(conversationReports).values({
          conversationId: c.id,
          messageId: cash.id,
          reporterId: client.id,
          reason: 'spam_fraud',
          details: 'On me demande de payer l’acompte en espèces, hors de la plateforme.',
          createdAt: new Date(cash.createdAt.getTime() + HOUR),
        });
        await tx.insert(conversationReadLog).values([
          { conversationId: c.id, userId: client.id, messageId: cash.id, readAt: new Date(cash.createdAt.getTime() + HOUR / 2) },
          { conversationId: c.id, userId: pair.professionalId, messageId: last.id, readAt: last.createdAt },
        ]);
      }
    }
  });
}
