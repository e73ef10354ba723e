import type { OwnerKind } from '@ouvrage/domain';
import type { Database } from '@ouvrage/db';
import { ownedProject, ownedProjectFile } from '../projects/factories';
import { ownedReference, ownedZone } from '../professionals/factories';
import { ownedTender, ownedTenderFile } from '../tenders/factories';
import { ownedProduct } from '../products/factories';
import { ownedQuote } from '../quotes/factories';
import { quoteContent } from '../quotes/quote-body';
import { ownedSignatureDocument } from '../signature/document-factories';
import { ownedCreditNote, ownedInvoice } from '../invoices/factories';
import { ownedPayment } from '../payments/factories';
import { ownedReception, ownedReservation } from '../reception/factories';
import { ownedEReport } from '../e-reporting/factories';
import { ownedAvenant } from '../avenants/factories';
import { ownedDgd } from '../dgd/factories';
import { ownedAttachment, ownedConversation, ownedMessage } from '../conversations/factories';
import { ownedSiteLogEntry, ownedSiteLogPhoto } from '../site-log/factories';

/**
 * For each kind of owned record, make one that `user` owns and return its id.
 * The permission matrix uses it for the "own record" call; "someone else's record"
 * is one made for another user of the same role. Modules add their kinds here.
 */
export const ownedRecordFactories: Record<OwnerKind, (db: Database, user: { id: number; user_type: string }) => Promise<number>> = {
  self: async (_db, user) => user.id,
  project: ownedProject,
  'project-file': ownedProjectFile,
  'intervention-zone': ownedZone,
  reference: ownedReference,
  tender: ownedTender,
  'tender-file': ownedTenderFile,
  product: ownedProduct,
  quote: ownedQuote,
  'signature-document': ownedSignatureDocument,
  invoice: ownedInvoice,
  'credit-note': ownedCreditNote,
  payment: (db, user) => ownedPayment(db, user),
  reception: ownedReception,
  reservation: ownedReservation,
  'e-report': ownedEReport,
  avenant: ownedAvenant,
  dgd: ownedDgd,
  conversation: ownedConversation,
  'conversation-message': ownedMessage,
  'conversation-attachment': ownedAttachment,
  'site-log-entry': ownedSiteLogEntry,
  'site-log-photo': ownedSiteLogPhoto,
};

/**
 * A valid body for routes whose owned id comes in the body, so that the matrix reaches the
 * ownership check (a body that fails validation answers 400 first).
 */
export const validBodies: Record<string, (id: number) => Record<string, unknown>> = {
  'POST /api/project/detail-project/add-detail': (id) => ({ project_id: id, question: 'Accès au terrain ?', answer: 'Par le portail nord.' }),
  'POST /api/devis': (id) => ({ project_id: id, ...quoteContent() }),
  'POST /api/facture': (id) => ({ quote_id: id, kind: 'acompte', percent_bp: 3000 }),
};
