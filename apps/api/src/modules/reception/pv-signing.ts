import type { Executor } from '@ouvrage/db';
import type { Caller, SignatureBox } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden, refuse } from '../../lib/errors';
import { readStoredFile } from '../../lib/stored-files';
import { renderReceptionPdf } from '../pdf';
import { advanceStage } from '../projects';
import { quoteInvoicingFacts } from '../quotes';
import { documentSubject, signedDocumentAttachment, signedSubjectPdf, type SignatureCompletionHook } from '../signature';
import { notify } from '../notifications';
import { reservationJournalPhotoFiles } from '../site-log';
import { findUsers } from '../users';
import { receptionSignedMail, receptionUrl } from './mails';
import { quoteNotFound, receptionNotFound } from './reception-views';
import * as repo from './repository';

/**
 * The procès-verbal de réception as a signature document (decision 0720): kind `reception`, its
 * subject the réception, signed by the client in the app through the signature module's flow.
 * Its completion — run exactly once by the signature core under the document's lock — marks the
 * réception signed and moves the project to « Réception » in the same transaction.
 */

export const alreadySigned = () => refuse('RECEPTION_ALREADY_SIGNED', 'Le procès-verbal de réception est déjà signé.');

/** The PV's content from committed data: the quote's parties and lots, the reservations and their photos. */
export async function receptionPdf(
  deps: AppDeps,
  receptionId: number,
): Promise<{ pdf: Buffer; signatureBox: SignatureBox; title: string; subjectLabel: string; fileName: string; row: repo.ReceptionRow; clientName: string }> {
  const row = await repo.findReception(deps.db, receptionId);
  if (!row) throw receptionNotFound();
  const quote = await quoteInvoicingFacts(deps, deps.db, row.quoteId, { lock: false });
  if (!quote) throw quoteNotFound();
  const reservations = await repo.reservationsOf(deps.db, row.id);
  // A reservation's photo is its upload, or the photos of the journal entry it cites (decision 1232).
  const journalPhotos = await reservationJournalPhotoFiles(
    deps,
    reservations.map((r) => r.id),
  );
  const withPhotos = [];
  for (const r of reservations) {
    const photo = r.photoKey
      ? { bytes: await readStoredFile(deps.storage, r.photoKey, 'La photo d’une réserve est introuvable sur le serveur.'), mime: r.photoMime ?? 'image/jpeg' }
      : null;
    const cited = journalPhotos.get(r.id);
    withPhotos.push({
      lotTitle: r.lotTitle,
      description: r.description,
      photo,
      journal: cited ? { number: cited.number, workDate: cited.work_date, photos: cited.photos } : null,
    });
  }
  const { pdf, signatureBox } = await renderReceptionPdf({
    issuer: quote.issuer,
    client: { name: quote.client.name, address: quote.client.address },
    siteAddress: quote.siteAddress,
    projectTitle: quote.project.title,
    quoteLabel: quote.label,
    quoteTitle: quote.title,
    receptionDate: row.receptionDate,
    reservations: withPhotos,
    generatedAt: row.createdAt,
  });
  return {
    pdf,
    signatureBox,
    title: `Procès-verbal de réception — devis ${quote.label}`,
    subjectLabel: quote.label,
    fileName: `pv-reception-${quote.label}.pdf`,
    row,
    clientName: quote.client.name,
  };
}

export const pvSubject = documentSubject({
  kind: 'reception',
  async lock(tx, id) {
    if (!(await repo.lockReception(tx, id))) throw receptionNotFound();
  },
  async lockSignable(_deps, tx: Executor, caller: Caller, id: number) {
    const row = await repo.lockReception(tx, id);
    if (!row) throw receptionNotFound();
    if (row.clientId !== caller.id) throw forbidden('Seul le client signe le procès-verbal de réception.');
    if (row.signedAt) throw alreadySigned();
  },
  async source(deps, id) {
    const { pdf, signatureBox, title, subjectLabel, fileName, row } = await receptionPdf(deps, id);
    const [client] = await findUsers(deps.db, [row.clientId]);
    if (!client) throw receptionNotFound();
    return {
      projectId: row.projectId,
      ownerId: row.issuerId,
      title,
      subjectLabel,
      fileName,
      pdf,
      signatureBox,
      signers: [{ userId: client.id, name: `${client.firstname} ${client.lastname}`.trim() || client.email, email: client.email }],
    };
  },
});

/** The signed PV completes: réception signed, project to « Réception », issuer mailed — once. */
export const completeReceptionPv: SignatureCompletionHook = async (deps, tx, doc, at) => {
  if (doc.subjectId === null) return;
  const row = await repo.lockReception(tx, doc.subjectId);
  if (!row) throw receptionNotFound();
  if (!(await repo.markSigned(tx, row.id, at))) return;
  await advanceStage(deps, tx, { id: row.clientId }, { project_id: row.projectId, stage: 'Réception', comment: 'Procès-verbal de réception signé.' });
  const quote = await quoteInvoicingFacts(deps, tx, row.quoteId, { lock: false });
  const [issuer, client] = await findUsers(tx, [row.issuerId, row.clientId]).then((users) => [
    users.find((u) => u.id === row.issuerId),
    users.find((u) => u.id === row.clientId),
  ]);
  if (quote && issuer) {
    const reservations = (await repo.reservationsOf(tx, row.id)).length;
    const clientName = client ? `${client.firstname} ${client.lastname}`.trim() : quote.client.name;
    await notify(tx, deps, {
      userId: issuer.id,
      kind: 'document_signed',
      params: { title_kind: 'reception', label: quote.label, name: clientName },
      link: `/devis/${row.quoteId}/reception`,
      localizedMail: (language) =>
        receptionSignedMail(
          language,
          { quoteLabel: quote.label, quoteTitle: quote.title, receptionDate: row.receptionDate, reservations },
          clientName,
          receptionUrl(deps, row.quoteId),
        ),
      // The signed PV itself; the client gets theirs from the signature core (decision 1070).
      attachments: signedDocumentAttachment(doc.id),
    });
  }
};

/** `GET /api/reception/{id}/pv`: the signed PV once signed, otherwise the PV as it reads now. */
export async function pvFile(deps: AppDeps, receptionId: number): Promise<{ bytes: Buffer; name: string }> {
  const signed = await signedSubjectPdf(deps, 'reception', receptionId);
  if (signed) return signed;
  const { pdf, fileName } = await receptionPdf(deps, receptionId);
  return { bytes: pdf, name: fileName };
}
