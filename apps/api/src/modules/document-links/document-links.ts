import { DOCUMENT_LINK_ERRORS, type CreateDocumentLinkBody, type DocumentLink } from '@ouvrage/contracts';
import type { Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { AppError, notFound } from '../../lib/errors';
import { documentKindResolver } from './document-kinds';
import { checkLink, signLink } from './link-token';

const expiredLink = () =>
  new AppError(
    DOCUMENT_LINK_ERRORS.expired,
    'Ce lien vers le document a expiré. Demandez un nouveau lien à la personne qui vous l’a transmis.',
    undefined,
    {},
    403,
  );
const invalidLink = () =>
  new AppError(
    DOCUMENT_LINK_ERRORS.invalid,
    'Ce lien vers le document n’est pas valide. Vérifiez qu’il a été copié en entier ou demandez-en un nouveau.',
    undefined,
    {},
    403,
  );

function resolverOf(deps: AppDeps, kind: CreateDocumentLinkBody['kind']) {
  const resolver = documentKindResolver(deps, kind);
  if (!resolver) throw notFound('Ce type de document ne peut pas encore être affiché.');
  return resolver;
}

/** A signed link for a caller allowed to read the document, valid `documentLinkTtlMinutes`. */
export async function createDocumentLink(deps: AppDeps, caller: Caller, body: CreateDocumentLinkBody): Promise<DocumentLink> {
  await resolverOf(deps, body.kind).authorize(caller, body.id);
  const exp = Math.floor(deps.clock.now().getTime() / 1000) + deps.config.documentLinkTtlMinutes * 60;
  const token = signLink(deps.config.jwtSecret, { kind: body.kind, id: body.id, exp });
  return { url: `/viewpdf?t=${encodeURIComponent(token)}`, token, expires_at: new Date(exp * 1000).toISOString() };
}

/** The document a link designates: 403 with its own code when expired or not signed by us. */
export async function openDocumentLink(deps: AppDeps, token: string): Promise<{ bytes: Buffer; name: string }> {
  const check = checkLink(deps.config.jwtSecret, token, deps.clock.now().getTime());
  if (!check.ok) throw check.reason === 'expired' ? expiredLink() : invalidLink();
  return resolverOf(deps, check.statement.kind).render(check.statement.id);
}
