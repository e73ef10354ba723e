import { readOriginalPdf, registerSignatureProvider } from '../signature';
import { acrobatSignClientOf } from './clients';
import { PROVIDER } from './sync';

/**
 * The provider `acrobat-sign` behind sendForSignature (decision 0660): the original PDF uploaded
 * as a transient document, then one agreement sent at once to the signers, in their order.
 * Called outside any transaction; the returned agreement id is stored by sendForSignature.
 * Registered whether or not an account is configured: without one, sending answers 503.
 */
export function registerAcrobatSignProvider(): void {
  registerSignatureProvider(PROVIDER, {
    async send(deps, doc, signers) {
      const client = acrobatSignClientOf(deps);
      const pdf = await readOriginalPdf(deps, doc);
      const transientDocumentId = await client.uploadTransientDocument(doc.fileName, pdf);
      const agreementId = await client.createAgreement({ name: doc.title, transientDocumentId, signerEmails: signers.map((s) => s.email) });
      return { agreementId };
    },
  });
}
