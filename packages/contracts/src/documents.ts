import { z } from 'zod';
import { MAX_SIGNERS, QUOTE_STATUSES, SIGNATURE_DOCUMENT_STATUSES, SIGNER_STATUSES } from '@ouvrage/domain';
import { email, paginated, paginationQuery, projectName } from './common';
import { documentKind } from './document-links';
import { defineEndpoint } from './endpoint';
import { documentLines } from './routes/documents';
import { linePath } from './route-lines';

/**
 * The user's documents area `/document` (issue 10, decisions 0680–0684): one list of every document
 * the caller may see — quotes, signed quotes, contracts, project files — and the upload of a
 * contract to send for signature (admin, architect).
 */

export const DOCUMENT_AREA_KINDS = ['quote', 'signed-quote', 'contract', 'project-file'] as const;
export const documentAreaKind = z.enum(DOCUMENT_AREA_KINDS, { error: 'Type de document inconnu.' });
export type DocumentAreaKind = z.infer<typeof documentAreaKind>;

/** A quote's status, or a signature document's; project files have none. */
export const DOCUMENT_AREA_STATUSES = [...QUOTE_STATUSES.filter((s) => s !== 'Brouillon'), ...SIGNATURE_DOCUMENT_STATUSES] as const;
export const documentAreaStatus = z.enum(DOCUMENT_AREA_STATUSES as unknown as [string, ...string[]], { error: 'Statut inconnu.' });

export const documentListQuery = paginationQuery.extend({
  kind: documentAreaKind.optional(),
  status: documentAreaStatus.optional(),
  /** Words of the title or the project's category, good or town. */
  search: z.string().trim().max(100, 'La recherche compte au plus 100 caractères.').optional(),
});
export type DocumentListQuery = z.input<typeof documentListQuery>;

export const documentSigner = z.object({
  name: z.string(),
  email: z.string(),
  status: z.enum(SIGNER_STATUSES),
  signed_at: z.string().nullable(),
});
export type DocumentSigner = z.infer<typeof documentSigner>;

export const documentItem = z.object({
  /** Unique across kinds: `quote:12`, `signature:5`, `file:3`. */
  key: z.string(),
  kind: documentAreaKind,
  /** The record's id in its own table (quote, signature document, project file). */
  id: z.number().int(),
  title: z.string(),
  status: z.string().nullable(),
  date: z.string(),
  /** Its project by its parts, composed by the web (decision 1206). */
  project: z.object({ id: z.number().int(), name: projectName }).nullable(),
  file_name: z.string().nullable(),
  /** Contracts: each signer and where they are; empty for other kinds. */
  signers: z.array(documentSigner),
  actions: z.object({
    /** API path of the file to download (the signed PDF once there is one). */
    download: z.string().nullable(),
    /** API path of the original PDF when it differs from `download` (a signed contract). */
    original: z.string().nullable(),
    /** What the viewer link is made for (`POST /api/document-links`). */
    view: z.object({ kind: documentKind, id: z.number().int() }).nullable(),
    /** A screen of this app about the document (the quote's page). */
    open: z.string().nullable(),
    /** A draft contract its owner (or an admin) may send for signature. */
    send: z.boolean(),
  }),
});
export type DocumentItem = z.infer<typeof documentItem>;

export const documentList = paginated(documentItem);
export type DocumentList = z.infer<typeof documentList>;

/** One signer of an uploaded contract, as the multipart field `signers` (JSON) gives it. */
export const contractSignerInput = z.object({
  name: z
    .string({ error: 'Le nom du signataire est obligatoire.' })
    .trim()
    .min(1, 'Le nom du signataire est obligatoire.')
    .max(120, 'Le nom compte au plus 120 caractères.'),
  email,
});

/** The text fields of the contract upload form (the PDF comes as the `file` part). */
export const contractUploadFields = z.object({
  title: z.string({ error: 'Le titre est obligatoire.' }).trim().min(1, 'Le titre est obligatoire.').max(200, 'Le titre compte au plus 200 caractères.'),
  project_id: z.coerce.number({ error: 'Projet invalide.' }).int('Projet invalide.').positive('Projet invalide.').optional(),
  signers: z
    .array(contractSignerInput, { error: 'Ajoutez au moins un signataire.' })
    .min(1, 'Ajoutez au moins un signataire.')
    .max(MAX_SIGNERS, `Au plus ${MAX_SIGNERS} signataires.`),
});
export type ContractUploadFields = z.input<typeof contractUploadFields>;

export const documentEndpoints = {
  listDocuments: defineEndpoint({ ...documentLines.listDocuments, query: documentListQuery, response: documentList, errors: [400, 401, 403] }),
  uploadContract: defineEndpoint({
    ...documentLines.uploadContract,
    response: documentItem,
    status: 201,
    errors: [400, 401, 403, 404, 409, 413, 415],
  }),
};

/** Raw answers outside the JSON envelope (the PDFs), registered by hand, listed here for the web. */
export const documentFilePaths = {
  original: (id: number) => linePath(documentLines.originalFile, { id }),
  signed: (id: number) => linePath(documentLines.signedFile, { id }),
} as const;
