import { and, asc, eq } from 'drizzle-orm';
import { signatureDocuments, signatureSigners, type Executor } from '@ouvrage/db';

/** A document the platform signed and sealed, as the public verification page names it. */
export interface SealedRecord {
  title: string;
  signedAt: Date | null;
  signers: Array<{ name: string; signedAt: Date | null }>;
}

/**
 * The signed document whose final PDF has this SHA-256 (decision 0635): what the platform itself
 * recorded when it sealed it — its title and who signed when. Null for any other file, so a hash
 * the platform never produced (or an altered copy) names nobody.
 */
export async function findSealedRecord(db: Executor, sha256: string): Promise<SealedRecord | null> {
  const [doc] = await db
    .select({ id: signatureDocuments.id, title: signatureDocuments.title, signedAt: signatureDocuments.signedAt })
    .from(signatureDocuments)
    .where(and(eq(signatureDocuments.signedSha256, sha256.toLowerCase()), eq(signatureDocuments.status, 'signed')))
    .limit(1);
  if (!doc) return null;
  const signers = await db
    .select({ name: signatureSigners.name, signedAt: signatureSigners.signedAt })
    .from(signatureSigners)
    .where(eq(signatureSigners.documentId, doc.id))
    .orderBy(asc(signatureSigners.position));
  return { title: doc.title, signedAt: doc.signedAt, signers };
}
