import { PROFESSIONAL_TYPES, decideRoleAccess, type Caller, type RoutePermission, type UserType } from '@ouvrage/domain';
import { routePermissions } from './routes';

/**
 * What a screen needs, derived from the permission row of the API route it calls (decision 0440):
 * the web's side menu and screen guards read these, so they cannot drift from what the API allows.
 * `roles` narrows a row to the roles the screen is for (an admin passes ownership of anyone's
 * profile, but has no enterprise profile of their own to edit). A capability may be reached
 * through several routes (the tenders screen: the professional's list or the admin's).
 */
type CapabilitySource = { route: string; roles?: readonly UserType[] } | { planned: RoutePermission };

const PROS = PROFESSIONAL_TYPES;

const CAPABILITY_SOURCES = {
  dashboard: [{ route: 'GET /api/me' }],
  'categories:manage': [{ route: 'GET /api/admin/list-category' }],
  'biens:manage': [{ route: 'GET /api/admin/list-bien' }],
  'users:manage': [{ route: 'GET /admin/account/lists' }],
  'users:create': [{ route: 'POST /admin/account/create-new' }],
  'professionals:check': [{ route: 'POST /api/admin/check-user' }],
  'outbox:read': [{ route: 'GET /api/admin/outbox' }],
  'enterprise:edit': [{ route: 'GET /api/professionnel/get-info/{id}', roles: PROS }],
  'tenders:list': [{ route: 'GET /api/professionnel/mes-offres/{id}', roles: PROS }, { route: 'GET /admin/account/liste-offre-envoyer' }],
  'tenders:send': [{ route: 'POST /admin/account/create-offre' }],
  // The journey's route is public (a visitor's request creates the account); signed in, only a client files one.
  'projects:create': [{ route: 'POST /api/projects', roles: ['client'] }],
  'products:manage': [{ route: 'GET /api/produit' }],
  // Screens whose API comes with later issues: their rows live here until the routes exist,
  // then each becomes `{ route: … }` like the others.
  'quotes:list': [{ route: 'GET /api/liste-devis/{id}', roles: ['architecte'] }, { route: 'GET /api/liste-devis' }],
  'quotes:own': [{ route: 'GET /api/liste-devis/{id}', roles: ['client'] }],
  'quotes:write': [{ route: 'POST /api/devis' }],
  'quotes:platform-settings': [{ route: 'GET /admin/devis-option' }],
  'quotes:compare': [{ route: 'GET /api/devis/comparaison/{id}', roles: ['client'] }],
  'invoices:list': [{ route: 'GET /api/liste-facture' }],
  'invoices:issue': [{ route: 'POST /api/facture', roles: ['architecte'] }],
  'invoices:settings': [{ route: 'GET /api/facture/parametre' }],
  'e-reporting:list': [{ route: 'GET /api/e-reporting/periodes', roles: ['architecte'] }],
  'transfers:manage': [{ route: 'GET /api/admin/virements' }],
  'conversations:moderate': [{ route: 'GET /api/conversations/signalements' }],
  'price-references:admin': [{ route: 'GET /api/admin/prix-de-reference/tendances' }],
  'documents:list': [{ route: 'GET /api/documents' }],
  'documents:upload': [{ route: 'POST /api/documents/contrats' }],
  'payments:list': [{ route: 'GET /api/paiement/lists/{id}', roles: ['client'] }],
} as const satisfies Record<string, readonly CapabilitySource[]>;

export type Capability = keyof typeof CAPABILITY_SOURCES;

function permissionOf(source: CapabilitySource): RoutePermission {
  if ('planned' in source) return source.planned;
  const row = routePermissions[source.route];
  if (!row) throw new Error(`Capacité liée à une route absente de la table : ${source.route}`);
  if (!source.roles) return row;
  const allowed = row.allow === 'public' || row.allow === 'authenticated' ? source.roles : row.allow.filter((r) => source.roles!.includes(r));
  return { ...row, allow: allowed };
}

/** Each capability as the permission rows it derives from (any of them grants it). */
export const capabilities = {} as Record<Capability, readonly RoutePermission[]>;
for (const name of Object.keys(CAPABILITY_SOURCES) as Capability[]) {
  capabilities[name] = (CAPABILITY_SOURCES[name] as readonly CapabilitySource[]).map(permissionOf);
}

/** Whether the user has the capability by role and validation (ownership is the API's to check). */
export function can(capability: Capability, caller: Caller | null): boolean {
  return capabilities[capability].some((p) => decideRoleAccess(p, caller) === 'allow');
}
