import { routeLines, typedRoutes } from '../route-lines';
import type { productEndpoints } from '../products';

/**
 * Products (decision 0500): validated architects keep their own, admins keep the platform's.
 * `owner: 'product'` on writes: an architect owns the products they made; a platform product
 * (no owner) is the admins' only. Reading one product also lets an architect read platform
 * products, so the service checks visibility there.
 */
export const productLines = routeLines({
  listProducts: { method: 'GET', path: '/api/produit', access: { allow: ['architecte', 'admin'], validatedOnly: true } },
  createProduct: { method: 'POST', path: '/api/produit', access: { allow: ['architecte', 'admin'], validatedOnly: true } },
  exportProducts: { method: 'GET', path: '/api/produit/export', access: { allow: ['architecte', 'admin'], validatedOnly: true } },
  importProducts: {
    method: 'POST',
    path: '/api/produit/import',
    access: { allow: ['architecte', 'admin'], validatedOnly: true },
    consumes: ['multipart/form-data'],
  },
  getProduct: {
    method: 'GET',
    path: '/api/produit/find/{id}',
    access: {
      allow: ['architecte', 'admin'],
      validatedOnly: true,
      owner: { kind: 'none', reason: 'Un architecte lit ses produits et ceux de la plateforme : le service vérifie la visibilité (404 sinon).' },
    },
  },
  updateProduct: { method: 'PATCH', path: '/api/produit/update/{id}', access: { allow: ['architecte', 'admin'], validatedOnly: true, owner: 'product' } },
  deleteProduct: { method: 'DELETE', path: '/api/produit/delete/{id}', access: { allow: ['architecte', 'admin'], validatedOnly: true, owner: 'product' } },
});

export const productRoutes = /* @__PURE__ */ typedRoutes<typeof productEndpoints>(productLines);
