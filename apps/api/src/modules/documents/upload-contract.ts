import { contractUploadFields, type DocumentItem } from '@ouvrage/contracts';
import { AppError, invalid } from '../../lib/errors';
import { loadLibPdf } from '../../lib/lazy-deps';
import type { AppDeps } from '../../lib/deps';
import type { UploadedFile, UploadOptions } from '../../lib/uploads';
import type { AuthenticatedCaller } from '../../plugins/access-control';
import { projectsByIds } from '../projects';
import { createSignatureDocument } from '../signature';
import { findUserByEmail } from '../users';
import { documentItemOf } from './list-documents';

/** The form's `signers` field: a JSON array of `{ name, email }`. */
function parseSigners(raw: string | undefined): unknown {
  if (raw === undefined || raw.trim() === '') return [];
  try {
    return JSON.parse(raw);
  } catch {
    throw invalid({ signers: 'La liste des signataires est illisible.' });
  }
}

/** The form's text fields, checked like a JSON body: each wrong field gets its French message. */
function readFields(fields: Record<string, string>) {
  const parsed = contractUploadFields.safeParse({
    title: fields.title,
    project_id: fields.project_id ? fields.project_id : undefined,
    signers: parseSigners(fields.signers),
  });
  if (parsed.success) return parsed.data;
  const messages: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    messages[key] ??= issue.message;
  }
  throw invalid(messages);
}

/** A PDF is recognised from its first bytes by the upload reader; here it must also open, with a page. */
async function assertReadablePdf(bytes: Buffer, name: string): Promise<void> {
  const { PDF } = await loadLibPdf(); // outside the try: a missing library is not an unreadable PDF
  let pages = 0;
  try {
    const pdf = await PDF.load(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    pages = pdf.getPageCount();
  } catch {
    pages = 0;
  }
  if (pages === 0) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Le fichier « ${name} » n’est pas un PDF lisible.`, { file: 'Ce PDF est illisible ou endommagé.' });
  }
}

/** The multipart form as the route read it (`contractUploadOptions`): the PDF and the text fields. */
export interface ContractForm {
  files: UploadedFile[];
  fields: Record<string, string>;
}

/** What the route's upload reader accepts: one PDF of at most the configured upload size. */
export const contractUploadOptions = (deps: AppDeps): UploadOptions => ({ allowed: ['pdf'], maxBytes: deps.config.uploadMaxBytes, maxFiles: 1 });

/**
 * Upload a contract to send for signature (decision 0682): one PDF (checked by its bytes, opened,
 * at most the configured upload size), a title, an optional project of the uploader's, 1–10
 * signers. A signer whose e-mail is an account's is linked to it, so the contract shows in their
 * documents. The document is made as a draft; sending it is a separate step.
 */
export async function uploadContract(
  deps: AppDeps,
  caller: AuthenticatedCaller,
  form: ContractForm,
  assertOwnsProject: (projectId: number) => Promise<void>,
): Promise<DocumentItem> {
  const { files, fields } = form;
  const input = readFields(fields);
  const [file] = files;
  if (!file) throw invalid({ file: 'Choisissez le contrat (PDF).' }, 'Aucun fichier reçu.');
  await assertReadablePdf(file.bytes, file.filename);
  if (input.project_id !== undefined) {
    await assertOwnsProject(input.project_id);
    const [project] = await projectsByIds(deps.db, [input.project_id]);
    if (!project) throw new AppError('NOT_FOUND', 'Ce projet est introuvable.');
  }

  const signers: Array<{ userId: number | null; name: string; email: string }> = [];
  const seen = new Set<string>();
  for (const s of input.signers) {
    const email = s.email.toLowerCase();
    if (seen.has(email)) throw invalid({ signers: `Le signataire ${email} figure deux fois.` });
    seen.add(email);
    const account = await findUserByEmail(deps.db, email);
    signers.push({ userId: account && !account.anonymizedAt ? account.id : null, name: s.name, email });
  }

  const doc = await deps.db.transaction((tx) =>
    createSignatureDocument(deps, tx, {
      kind: 'contract',
      projectId: input.project_id ?? null,
      ownerId: caller.id,
      title: input.title,
      fileName: file.filename.toLowerCase().endsWith('.pdf') ? file.filename : `${file.filename}.pdf`,
      pdf: file.bytes,
      signers,
    }),
  );
  return documentItemOf(deps, caller, doc);
}
