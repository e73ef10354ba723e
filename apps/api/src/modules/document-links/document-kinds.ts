import type { DocumentKind } from '@ouvrage/contracts';
import type { Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';

/**
 * What a module that owns documents tells the links module about one kind (decision 0610): who
 * may ask for a link, and the document's bytes once a valid link is opened.
 */
export interface DocumentKindResolver {
  /** Refuses (403, or 404 for a record the caller may see does not exist) a caller who may not read the document. */
  authorize(caller: Caller, id: number): Promise<void>;
  /** The document as a file; the valid link is the authority here, there is no caller. */
  render(id: number): Promise<{ bytes: Buffer; name: string }>;
}

const registries = new WeakMap<AppDeps, Map<DocumentKind, DocumentKindResolver>>();

/** Called by the module owning the kind when it registers its routes (quotes: `quote-pdf`). */
export function registerDocumentKind(deps: AppDeps, kind: DocumentKind, resolver: DocumentKindResolver): void {
  const kinds = registries.get(deps) ?? new Map<DocumentKind, DocumentKindResolver>();
  if (kinds.has(kind)) throw new Error(`Type de document déjà enregistré : ${kind}`);
  kinds.set(kind, resolver);
  registries.set(deps, kinds);
}

export function documentKindResolver(deps: AppDeps, kind: DocumentKind): DocumentKindResolver | undefined {
  return registries.get(deps)?.get(kind);
}
