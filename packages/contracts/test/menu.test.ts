import { describe, expect, it } from 'vitest';
import { menuPaths, sideMenuFor } from '../src';

describe('side menu by role (spec §2)', () => {
  it('shows only the dashboard to an unknown role or no user', () => {
    expect(menuPaths(sideMenuFor({ user_type: 'pirate', is_validate: 'Validé' }))).toEqual(['/dashboard']);
    expect(menuPaths(sideMenuFor(null))).toEqual(['/dashboard']);
  });

  it('unlocks tenders for a validated professional only', () => {
    expect(menuPaths(sideMenuFor({ user_type: 'professionnel', is_validate: 'Validé' }))).toContain('/list-offre');
    expect(menuPaths(sideMenuFor({ user_type: 'professionnel', is_validate: 'En attente' }))).not.toContain('/list-offre');
    expect(menuPaths(sideMenuFor({ user_type: 'dessinateur', is_validate: 'Refusé' }))).not.toContain('/list-offre');
  });

  it('unlocks products and quotes for a validated architect', () => {
    const pending = menuPaths(sideMenuFor({ user_type: 'architecte', is_validate: 'En attente' }));
    const validated = menuPaths(sideMenuFor({ user_type: 'architecte', is_validate: 'Validé' }));
    expect(pending).not.toContain('/devis/new');
    expect(pending).not.toContain('/gestion-produit/list');
    expect(validated).toEqual(expect.arrayContaining(['/devis/list', '/devis/new', '/devis/parametre', '/gestion-produit/ajout', '/facture/list']));
  });

  it('gives the admin the list of quotes only and the client their own pages', () => {
    const adminPaths = menuPaths(sideMenuFor({ user_type: 'admin', is_validate: 'Validé' }));
    expect(adminPaths).toContain('/devis/list');
    expect(adminPaths).not.toContain('/devis/new');
    expect(adminPaths).toEqual(expect.arrayContaining(['/gestion-categorie', '/gestion-user/list', '/gestion-user/pro-list', '/gestion-user/new']));
    expect(menuPaths(sideMenuFor({ user_type: 'client', is_validate: 'Validé' }))).toEqual([
      '/dashboard',
      '/',
      '/devis/list',
      '/facture/list',
      '/payment/list',
      '/document',
    ]);
  });
});
