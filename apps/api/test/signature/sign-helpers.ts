import type { AppDeps } from '../../src/lib/deps';
import { completeSignatureDocument, ensureQuoteSignatureDocument, readOriginalPdf, sendForSignature } from '../../src/modules/signature';

/**
 * Moves an accepted quote to `Signé` the way a completed signature does (its signature document
 * completed through the core), for tests about what follows the signature (validation…). The
 * signed PDF is the original: the seal is tested in sign-flow.test.ts.
 */
export async function completeQuoteSignature(deps: AppDeps, quoteId: number): Promise<void> {
  let doc = await ensureQuoteSignatureDocument(deps, quoteId);
  if (doc.status === 'draft') doc = await sendForSignature(deps, doc.id, { notify: false });
  const pdf = await readOriginalPdf(deps, doc);
  await deps.db.transaction((tx) => completeSignatureDocument(deps, tx, doc.id, { signedPdf: pdf, at: deps.clock.now() }));
}
