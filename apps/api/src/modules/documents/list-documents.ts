import type { DocumentItem, ProjectName } from '@ouvrage/contracts';
import { documentFilePaths } from '@ouvrage/contracts';
import { isProfessional, type Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { projectsByIds, recentProjectFiles, type ProjectForOthers } from '../projects';
import { quotesForDocuments } from '../quotes';
import { listSignatureDocuments, signatureSignersOf, type SignatureDocumentRow } from '../signature';
import { projectsWithVisibleFilesOf } from '../tenders';
import { capTotal } from '../../lib/capped-count';

/**
 * The documents area's list (decisions 0680–0681): each source read through its module, scoped to
 * the caller (an admin sees all), at most SOURCE_LIMIT rows each, newest first; then merged,
 * filtered and paged here. Contracts' signers are read for the page only.
 */
export const SOURCE_LIMIT = 500;

type ListQuery = { page: number; per_page: number; kind?: DocumentItem['kind']; status?: string; search?: string };

/** A project by its parts, composed by the web in the reader's language (decision 1206). */
const projectName = (p: ProjectForOthers): ProjectName => ({ category_name: p.categoryName, bien_name: p.bienName, city: p.project.city });
const UNNAMED: ProjectName = { category_name: '', bien_name: '', city: '' };
const named = (name: ProjectName) => !!(name.category_name || name.bien_name || name.city);

/** Lower case, no accents: « Étude » is found by « etude ». */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** May the caller see this signature document? A signer sees a contract once it is sent, not its draft. */
export function seesSignatureDocument(caller: Caller, doc: SignatureDocumentRow): boolean {
  return caller.user_type === 'admin' || doc.ownerId === caller.id || doc.status !== 'draft';
}

function signatureItem(caller: Caller, doc: SignatureDocumentRow): DocumentItem {
  const signed = doc.status === 'signed';
  const quote = doc.kind === 'quote';
  return {
    key: `signature:${doc.id}`,
    kind: quote ? 'signed-quote' : 'contract',
    id: doc.id,
    title: doc.title,
    status: doc.status,
    date: (doc.signedAt ?? doc.sentAt ?? doc.createdAt).toISOString(),
    project: doc.projectId === null ? null : { id: doc.projectId, name: UNNAMED },
    file_name: doc.fileName,
    signers: [],
    actions: {
      download: signed ? documentFilePaths.signed(doc.id) : documentFilePaths.original(doc.id),
      original: signed && !quote ? documentFilePaths.original(doc.id) : null,
      view: { kind: signed ? 'signature-signed' : 'signature-original', id: doc.id },
      open: quote && doc.quoteId !== null ? `/devis/${doc.quoteId}` : null,
      send: !quote && doc.status === 'draft' && (doc.ownerId === caller.id || caller.user_type === 'admin'),
    },
  };
}

async function signatureItems(deps: AppDeps, caller: Caller, q: ListQuery): Promise<DocumentItem[]> {
  if (q.kind && q.kind !== 'signed-quote' && q.kind !== 'contract') return [];
  const kind = q.kind === 'signed-quote' ? 'quote' : q.kind === 'contract' ? 'contract' : undefined;
  const userId = caller.user_type === 'admin' ? undefined : caller.id;
  const rows = await listSignatureDocuments(deps.db, { userId, kind }, SOURCE_LIMIT);
  return rows.filter((doc) => (doc.kind === 'quote' ? doc.status === 'signed' : seesSignatureDocument(caller, doc))).map((doc) => signatureItem(caller, doc));
}

async function quoteItems(deps: AppDeps, caller: Caller, q: ListQuery): Promise<DocumentItem[]> {
  if (q.kind && q.kind !== 'quote') return [];
  const quotes = await quotesForDocuments(deps, caller, SOURCE_LIMIT);
  return quotes.map((quote) => ({
    key: `quote:${quote.id}`,
    kind: 'quote',
    id: quote.id,
    title: `${quote.label} · ${quote.title}`,
    status: quote.status,
    date: quote.sent_at ?? quote.created_at,
    project: { id: quote.project_id, name: quote.project_name },
    file_name: null,
    signers: [],
    actions: { download: `/api/devis/${quote.id}/pdf`, original: null, view: { kind: 'quote-pdf', id: quote.id }, open: `/devis/${quote.id}`, send: false },
  }));
}

async function fileItems(deps: AppDeps, caller: Caller, q: ListQuery): Promise<DocumentItem[]> {
  if (q.kind && q.kind !== 'project-file') return [];
  // A professional reads files through his tenders (still open, or accepted); a client, his projects'.
  const professional = isProfessional(caller.user_type);
  const scope =
    caller.user_type === 'admin' ? {} : professional ? { projectIds: await projectsWithVisibleFilesOf(deps.db, caller.id) } : { clientId: caller.id };
  const files = await recentProjectFiles(deps.db, scope, SOURCE_LIMIT);
  return files.map((file) => ({
    key: `file:${file.id}`,
    kind: 'project-file',
    id: file.id,
    title: file.name,
    status: null,
    date: file.createdAt.toISOString(),
    project: { id: file.projectId, name: UNNAMED },
    file_name: file.name,
    signers: [],
    actions: {
      download: professional ? `/api/professionnel/mes-offres/fichier/${file.id}` : `/api/project/file/${file.id}`,
      original: null,
      view: null,
      open: null,
      send: false,
    },
  }));
}

async function withSigners(deps: AppDeps, items: DocumentItem[]): Promise<void> {
  for (const item of items) {
    if (item.kind !== 'contract') continue;
    item.signers = (await signatureSignersOf(deps.db, item.id)).map((s) => ({
      name: s.name,
      email: s.email,
      status: s.status as DocumentItem['signers'][number]['status'],
      signed_at: s.signedAt ? s.signedAt.toISOString() : null,
    }));
  }
}

async function withProjectNames(deps: AppDeps, items: DocumentItem[]): Promise<void> {
  const missing = items.flatMap((i) => (i.project && !named(i.project.name) ? [i.project.id] : []));
  const projects = new Map((await projectsByIds(deps.db, missing)).map((p) => [p.project.id, projectName(p)]));
  for (const item of items) if (item.project && !named(item.project.name)) item.project.name = projects.get(item.project.id) ?? UNNAMED;
}

/** One signature document as the list shows it (the answer of an upload). */
export async function documentItemOf(deps: AppDeps, caller: Caller, doc: SignatureDocumentRow): Promise<DocumentItem> {
  const item = signatureItem(caller, doc);
  await withProjectNames(deps, [item]);
  await withSigners(deps, [item]);
  return item;
}

export async function listDocuments(deps: AppDeps, caller: Caller, q: ListQuery) {
  // One after the other: the embedded test database has a single connection.
  const items = [...(await quoteItems(deps, caller, q)), ...(await signatureItems(deps, caller, q)), ...(await fileItems(deps, caller, q))];
  await withProjectNames(deps, items);

  const words = q.search ? fold(q.search).split(/\s+/).filter(Boolean) : [];
  const kept = items
    .filter((i) => !q.status || i.status === q.status)
    .filter((i) => {
      const project = i.project?.name;
      const text = fold(`${i.title} ${project ? `${project.category_name} ${project.bien_name} ${project.city}` : ''}`);
      return words.every((w) => text.includes(w));
    })
    .sort((a, b) => b.date.localeCompare(a.date) || a.key.localeCompare(b.key));

  const pageItems = kept.slice((q.page - 1) * q.per_page, q.page * q.per_page);
  await withSigners(deps, pageItems);
  return { items: pageItems, ...capTotal(kept.length), page: q.page, per_page: q.per_page };
}
