import { describe, expect, it } from 'vitest';
import { decideRoleAccess, type Caller, type UserType } from '@ouvrage/domain';
import { allMenuLinks, can, capabilities, menuPaths, routePermissions, sideMenuFor } from '../src';

const PEOPLE: Array<{ user_type: UserType; is_validate: string }> = [
  { user_type: 'client', is_validate: 'Validé' },
  { user_type: 'admin', is_validate: 'Validé' },
  ...(['professionnel', 'dessinateur', 'architecte'] as const).flatMap((user_type) =>
    ['Validé', 'En attente', 'Refusé'].map((is_validate) => ({ user_type, is_validate })),
  ),
];
const callers: Caller[] = PEOPLE.map((p, i) => ({ id: i + 1, ...p }));

describe('capabilities derived from the permission table', () => {
  it('grant a screen exactly when the API row of the route it calls does, narrowed to the screen’s roles', () => {
    const row = (key: string) => routePermissions[key];
    for (const caller of callers) {
      const label = `${caller.user_type}/${caller.is_validate}`;
      const allows = (key: string) => decideRoleAccess(row(key), caller) === 'allow';
      const isPro = ['professionnel', 'dessinateur', 'architecte'].includes(caller.user_type);
      expect(can('tenders:list', caller), label).toBe(
        (isPro && allows('GET /api/professionnel/mes-offres/{id}')) || allows('GET /admin/account/liste-offre-envoyer'),
      );
      expect(can('enterprise:edit', caller), label).toBe(isPro && allows('GET /api/professionnel/get-info/{id}'));
      expect(can('categories:manage', caller), label).toBe(allows('GET /api/admin/list-category'));
      expect(can('users:manage', caller), label).toBe(allows('GET /admin/account/lists'));
      expect(can('outbox:read', caller), label).toBe(allows('GET /api/admin/outbox'));
      expect(can('projects:create', caller), label).toBe(caller.user_type === 'client');
    }
    expect(can('dashboard', null)).toBe(false);
  });

  it('shows a menu link exactly when its capability allows it, for every role and validation', () => {
    for (const caller of callers) {
      const shown = new Set(menuPaths(sideMenuFor(caller)));
      for (const link of allMenuLinks()) {
        const allowed = can(link.capability, caller);
        if (allowed) expect(shown.has(link.to), `${caller.user_type}/${caller.is_validate} ${link.to}`).toBe(true);
        // /devis/list appears as the client's "my quotes" and the staff's quote list.
        else if (!allMenuLinks().some((l) => l.to === link.to && can(l.capability, caller)))
          expect(shown.has(link.to), `${caller.user_type}/${caller.is_validate} ${link.to}`).toBe(false);
      }
    }
  });

  it('gives each role the menu of spec §2', () => {
    const paths = (user_type: UserType, is_validate = 'Validé') => menuPaths(sideMenuFor({ user_type, is_validate }));
    const enterprise = [
      '/entreprise/information-legale',
      '/entreprise/information-generale',
      '/entreprise/metier',
      '/entreprise/reference',
      '/entreprise/preference',
      '/entreprise/zone',
    ];
    expect(paths('client')).toEqual(['/dashboard', '/', '/devis/list', '/facture/list', '/payment/list', '/document']);
    expect(paths('professionnel')).toEqual(['/dashboard', ...enterprise, '/list-offre', '/document']);
    expect(paths('professionnel', 'En attente')).toEqual(['/dashboard', ...enterprise, '/document']);
    expect(paths('architecte')).toEqual([
      '/dashboard',
      ...enterprise,
      '/list-offre',
      '/gestion-produit/list',
      '/gestion-produit/ajout',
      '/devis/list',
      '/devis/new',
      '/devis/parametre',
      '/facture/list',
      '/document',
    ]);
    // Invoices are issued by validated architects only (the rows of api/liste-facture, decision 0700).
    expect(paths('architecte', 'En attente')).toEqual(['/dashboard', ...enterprise, '/document']);
    expect(paths('admin')).toEqual([
      '/dashboard',
      '/list-offre',
      '/gestion-produit/list',
      '/gestion-produit/ajout',
      '/devis/list',
      '/facture/list',
      '/facture/virements',
      '/signalements',
      '/prix-de-reference',
      '/document',
      '/gestion-categorie',
      '/gestion-user/list',
      '/gestion-user/pro-list',
      '/gestion-user/new',
    ]);
  });

  it('names only routes that exist in the table', () => {
    expect(Object.values(capabilities).every((rows) => rows.length > 0)).toBe(true);
  });
});
