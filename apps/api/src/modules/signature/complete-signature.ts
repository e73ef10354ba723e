import type { Executor } from '@ouvrage/db';
import type { AppDeps } from '../../lib/deps';
import { enqueue } from '../jobs';
import { appendAuditPage, type AuditEvent } from './audit-page';
import { completeSignatureDocument, type Completion, readOriginalPdf } from './documents';
import * as repo from './documents-repository';
import { placeSignatures } from './place-signatures';
import { platformSealIdentity } from './platform-seal';
import { sealPdf } from './seal-pdf';
import { readStoredFile } from '../../lib/stored-files';

/**
 * The built-in signature's completion (decisions 0600, 0645): once every signer signed, the final
 * PDF is made — signatures placed, audit certificate appended, one platform seal — and the
 * document completed through the core, exactly once. A job with the key
 * `signature-complete:{id}` is enqueued in the transaction of the last signature, so a crash
 * before the end is picked up by the queue; the request also runs it at once, and whichever
 * comes second finds the document signed and changes nothing.
 */
export const SIGNATURE_COMPLETE_JOB = 'signature.complete';

export const enqueueCompletion = (tx: Executor, documentId: number) =>
  enqueue(tx, { kind: SIGNATURE_COMPLETE_JOB, payload: { documentId }, idempotencyKey: `signature-complete:${documentId}` });

export function registerCompletionJob(deps: AppDeps): void {
  deps.jobs.registerJobHandler(SIGNATURE_COMPLETE_JOB, async (payload) => {
    await completeBuiltinSignature(deps, Number(payload.documentId));
  });
}

const EVENT_LABELS: Record<string, string> = {
  created: 'Document créé',
  sent: 'Document mis en signature',
  code_sent: 'Code de vérification envoyé par e-mail',
  code_verified: 'Code de vérification confirmé',
  signed: 'Document signé',
};

export async function completeBuiltinSignature(deps: AppDeps, documentId: number): Promise<Completion | 'pending'> {
  const doc = await repo.findDocument(deps.db, documentId);
  if (!doc) return 'pending';
  if (doc.status === 'signed') return 'already-signed';
  const signers = await repo.signersOf(deps.db, doc.id);
  if (doc.status !== 'out_for_signature' || signers.some((s) => s.status !== 'signed' || !s.signatureKey)) return 'pending';

  const original = await readOriginalPdf(deps, doc);
  const images = [];
  for (const s of signers) {
    images.push({
      name: s.name,
      signedAt: s.signedAt ?? deps.clock.now(),
      png: await readStoredFile(deps.storage, s.signatureKey!, 'La signature est introuvable sur le serveur.'),
    });
  }
  const placed = await placeSignatures(original, doc.signatureBox, images);
  const byId = new Map(signers.map((s) => [s.id, s]));
  const events: AuditEvent[] = (await repo.eventsOf(deps.db, doc.id))
    .filter((e) => EVENT_LABELS[e.type])
    .map((e) => {
      const signer = e.signerId === null ? undefined : byId.get(e.signerId);
      return { at: e.at, label: EVENT_LABELS[e.type], actor: signer ? `${signer.name}, ${signer.email}${e.ip ? `, IP ${e.ip}` : ''}` : undefined };
    });
  const audited = await appendAuditPage(placed, {
    title: doc.title,
    documentSha256: doc.originalSha256,
    signers: signers.map((s) => ({
      name: s.name,
      email: s.email,
      ip: s.ip ?? 'inconnue',
      userAgent: s.userAgent ?? 'inconnu',
      signedAt: s.signedAt ?? deps.clock.now(),
    })),
    events,
  });
  const at = deps.clock.now();
  const names = signers.map((s) => s.name).join(', ');
  const sealed = await sealPdf(audited, await platformSealIdentity(deps), {
    reason: `${doc.title} — signé électroniquement par ${names}`,
    location: 'Ouvrage — plateforme en ligne',
    name: 'Cachet Ouvrage',
    signingTime: at,
  });
  const done = await deps.db.transaction((tx) => completeSignatureDocument(deps, tx, doc.id, { signedPdf: sealed, at }));
  void deps.mailer.dispatch();
  return done;
}
