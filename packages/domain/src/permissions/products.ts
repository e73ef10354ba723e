import type { PermissionTable } from './types';

/**
 * Products (decision 0500): validated architects keep their own, admins keep the platform's.
 * `owner: 'product'` on writes: an architect owns the products they made; a platform product
 * (no owner) is the admins' only. Reading one product also lets an architect read platform
 * products, so the service checks visibility there.
 */
export const productPermissions = {
  'GET /api/produit': { allow: ['architecte', 'admin'], validatedOnly: true },
  'POST /api/produit': { allow: ['architecte', 'admin'], validatedOnly: true },
  'GET /api/produit/export': { allow: ['architecte', 'admin'], validatedOnly: true },
  'POST /api/produit/import': { allow: ['architecte', 'admin'], validatedOnly: true },
  'GET /api/produit/find/{id}': {
    allow: ['architecte', 'admin'],
    validatedOnly: true,
    owner: { kind: 'none', reason: "Un architecte lit ses produits et ceux de la plateforme : le service vérifie la visibilité (404 sinon)." },
  },
  'PATCH /api/produit/update/{id}': { allow: ['architecte', 'admin'], validatedOnly: true, owner: 'product' },
  'DELETE /api/produit/delete/{id}': { allow: ['architecte', 'admin'], validatedOnly: true, owner: 'product' },
} as const satisfies PermissionTable;
