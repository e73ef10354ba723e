import type { FastifyInstance } from 'fastify';
import { decideRoleAccess, type Caller } from '@ouvrage/domain';
import { documentLines } from '@ouvrage/contracts';
import { forbidden, notFound } from '../../lib/errors';
import type { DocumentKindResolver } from '../document-links';
import { findSignatureDocument, readOriginalPdf, readSignedPdf, type SignatureDocumentRow } from '../signature';
import { seesSignatureDocument } from './list-documents';

/**
 * The PDFs of a signature document (decision 0683): the original and, once signed, the signed one.
 * Access control has checked the owner kind `signature-document` (owner, signers with an account,
 * admins); a signer does not read a contract still in draft (it was not sent to them yet).
 */
export async function readableDocument(app: FastifyInstance, caller: Caller, id: number): Promise<SignatureDocumentRow> {
  const doc = await findSignatureDocument(app.deps.db, id);
  if (!doc) throw notFound('Ce document est introuvable.');
  if (!seesSignatureDocument(caller, doc)) throw forbidden('Ce contrat ne vous a pas encore été envoyé.');
  return doc;
}

const pdfName = (doc: SignatureDocumentRow, signed: boolean) => {
  const base = doc.fileName.replace(/\.pdf$/i, '');
  return signed ? `${base} (signé).pdf` : `${base}.pdf`;
};

export async function documentPdf(app: FastifyInstance, doc: SignatureDocumentRow, which: 'original' | 'signed') {
  const bytes = which === 'signed' ? await readSignedPdf(app.deps, doc) : await readOriginalPdf(app.deps, doc);
  return { bytes, name: pdfName(doc, which === 'signed') };
}

/** The viewer's links (decision 0610) to a signature document's original or signed PDF. */
export function signatureDocumentKind(app: FastifyInstance, which: 'original' | 'signed'): DocumentKindResolver {
  const line = which === 'signed' ? documentLines.signedFile : documentLines.originalFile;
  return {
    async authorize(caller, id) {
      if (decideRoleAccess(line.access, caller) !== 'allow') throw forbidden();
      await app.assertOwns('signature-document', id, caller);
      const doc = await readableDocument(app, caller, id);
      if (which === 'signed' && doc.status !== 'signed') throw notFound('Ce document n’est pas encore signé.');
    },
    async render(id) {
      const doc = await findSignatureDocument(app.deps.db, id);
      if (!doc) throw notFound('Ce document est introuvable.');
      return documentPdf(app, doc, which);
    },
  };
}
