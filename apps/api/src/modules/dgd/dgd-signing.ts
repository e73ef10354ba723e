import type { Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden } from '../../lib/errors';
import { originalPdf } from '../originals';
import { documentSubject, type SignatureCompletionHook } from '../signature';
import { notify } from '../notifications';
import { findUsers } from '../users';
import { notOpen } from './answer-dgd';
import { renderDgd } from './dgd-pdf';
import { dgdNotFound, documentOf, quoteContext } from './dgd-views';
import * as repo from './repository';

/**
 * The DGD as a signature document (decision 1222): kind `dgd`, its subject the DGD, accepted by
 * the quote's client in the app through the signature module's flow — the same code by e-mail,
 * reading, drawing, audit page and platform seal as a quote, an avenant or a PV. The PDF signed is
 * the original stored when it was established. Each step locks the quote, then the DGD, and checks
 * it still waits for an answer. Its completion — run once by the signature core under the
 * document's lock — marks it accepted: from then on the quote's invoicing is closed.
 */
export const dgdSubject = documentSubject({
  kind: 'dgd',
  async lock(tx, id) {
    if (!(await repo.lockDgd(tx, id))) throw dgdNotFound();
  },
  async lockSignable(deps: AppDeps, tx, caller: Caller, id: number) {
    const found = await repo.findDgd(tx, id);
    if (!found) throw dgdNotFound();
    await quoteContext(deps, tx, found.quoteId, { lock: true });
    const row = await repo.lockDgd(tx, id);
    if (!row) throw dgdNotFound();
    if (row.clientId !== caller.id) throw forbidden('Seul le client du devis accepte son décompte général définitif.');
    if (row.status !== 'Émis') throw notOpen(row.status);
  },
  async source(deps, id) {
    const { row, signatureBox, fileName } = await renderDgd(deps, id);
    const [client] = await findUsers(deps.db, [row.clientId]);
    if (!client) throw dgdNotFound();
    return {
      projectId: row.projectId,
      ownerId: row.issuerId,
      title: `Décompte général définitif ${row.number} — devis ${documentOf(row).quote.label}`,
      subjectLabel: row.number,
      fileName,
      pdf: await originalPdf(deps, 'dgd', id),
      signatureBox,
      signers: [{ userId: client.id, name: `${client.firstname} ${client.lastname}`.trim() || client.email, email: client.email }],
    };
  },
});

/** The signed DGD completes: accepted, the quote's invoicing closed — once (a second completion finds it accepted). */
export const completeDgdSignature: SignatureCompletionHook = async (deps, tx, doc, at) => {
  if (doc.subjectId === null) return;
  const found = await repo.findDgd(tx, doc.subjectId);
  if (!found) throw dgdNotFound();
  // The quote first, as every invoice, avenant and DGD change does.
  const { quote } = await quoteContext(deps, tx, found.quoteId, { lock: true });
  const row = await repo.lockDgd(tx, found.id);
  if (!row || row.status === 'Accepté') return;
  // Disputed between the last signature and the completion: the completion is refused, nothing accepted.
  if (!(await repo.markAccepted(tx, row.id, at))) throw notOpen(row.status);
  await notify(tx, deps, {
    userId: row.issuerId,
    kind: 'dgd_accepted',
    params: { number: row.number, name: quote.client.name },
    link: `/devis/${row.quoteId}`,
  });
};
