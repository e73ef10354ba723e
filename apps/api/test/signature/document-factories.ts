import { signatureDocuments, signatureSigners, type Database } from '@ouvrage/db';
import { createUser } from '@ouvrage/db/testing';

/**
 * A contract sent for signature that `user` owns: uploaded by them (architect, admin, …) or, for a
 * client, sent to them as its signer by an architect. The PDF key is well formed but points
 * nowhere: a route reading the file answers 404, which the permission matrix counts as allowed.
 */
export async function ownedSignatureDocument(db: Database, user: { id: number; user_type: string }): Promise<number> {
  const isClient = user.user_type === 'client';
  const ownerId = isClient ? (await createUser(db, { user_type: 'architecte', is_validate: 'Validé' })).id : user.id;
  const now = new Date();
  const [doc] = await db
    .insert(signatureDocuments)
    .values({
      kind: 'contract',
      ownerId,
      title: 'Contrat de maîtrise d’œuvre',
      fileName: 'contrat.pdf',
      originalKey: '2026/11/00000000-0000-0000-0000-000000000000.pdf',
      originalSha256: '0'.repeat(64),
      provider: 'builtin',
      status: 'out_for_signature',
      createdAt: now,
      sentAt: now,
      updatedAt: now,
    })
    .returning({ id: signatureDocuments.id });
  const signer = isClient
    ? { userId: user.id, name: 'Client Signataire', email: `signataire-${user.id}@exemple.fr` }
    : { userId: null, name: 'Marie Durand', email: 'marie.durand@exemple.fr' };
  await db.insert(signatureSigners).values({ documentId: doc.id, position: 0, ...signer });
  return doc.id;
}
