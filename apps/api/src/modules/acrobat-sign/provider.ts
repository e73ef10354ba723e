import { readOriginalPdf, registerSignatureProvider } from '../signature';
import { acrobatSignClientOf } from './clients';
import { PROVIDER } from './sync';

/**
 * The provider `acrobat-sign` behind sendForSignature (decisions 0660, 0970), in two steps. First
 * the original PDF is uploaded as a transient document and the agreement created unsent
 * (AUTHORING); sendForSignature stores its id. Then, under the document's lock, the agreement is
 * sent to the signers (IN_PROCESS). A process dying between the two leaves no agreement out for
 * signature unknown to the platform: the next send resumes from the stored id, and starts the
 * agreement only if it is not started yet. Registered whether or not an account is configured:
 * without one, sending answers 503.
 */
export function registerAcrobatSignProvider(): void {
  registerSignatureProvider(PROVIDER, {
    async prepare(deps, doc, signers) {
      const client = acrobatSignClientOf(deps);
      const pdf = await readOriginalPdf(deps, doc);
      const transientDocumentId = await client.uploadTransientDocument(doc.fileName, pdf);
      return client.createAgreement({ name: doc.title, transientDocumentId, signerEmails: signers.map((s) => s.email) }, 'AUTHORING');
    },
    async send(deps, _tx, doc) {
      if (!doc.agreementId) throw new Error(`Le document ${doc.id} n’a pas d’accord Acrobat Sign préparé.`);
      const client = acrobatSignClientOf(deps);
      const agreement = await client.getAgreement(doc.agreementId);
      if (agreement.status === 'AUTHORING' || agreement.status === 'DRAFT') await client.startAgreement(doc.agreementId);
      return { agreementId: doc.agreementId };
    },
  });
}
