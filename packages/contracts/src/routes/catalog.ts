import { routeLines, typedRoutes } from '../route-lines';
import type { catalogEndpoints } from '../catalog';

/** Categories and goods (biens): public reads drive the journey; the admin manages them. */
export const catalogLines = routeLines({
  publicCategories: { method: 'GET', path: '/api/categoryprojects', access: { allow: 'public' } },
  biensOfCategory: { method: 'GET', path: '/api/biens/category-bien/{id}', access: { allow: 'public' } },
  catalogLabels: { method: 'GET', path: '/api/catalog-labels', access: { allow: 'public' } },
  listCategories: { method: 'GET', path: '/api/admin/list-category', access: { allow: ['admin'] } },
  saveCategory: { method: 'POST', path: '/api/admin/save-category', access: { allow: ['admin'] } },
  getCategory: { method: 'GET', path: '/api/admin/edit-category/{id}', access: { allow: ['admin'] } },
  updateCategory: { method: 'PATCH', path: '/api/admin/update-category', access: { allow: ['admin'] } },
  deleteCategory: { method: 'DELETE', path: '/api/admin/delete-category/{id}', access: { allow: ['admin'] } },
  categoryImage: { method: 'POST', path: '/api/admin/category-image/{id}', access: { allow: ['admin'] }, consumes: ['multipart/form-data'] },
  categoryImageFile: { method: 'GET', path: '/api/category-image/{id}', access: { allow: 'public' } },
  listBiens: { method: 'GET', path: '/api/admin/list-bien', access: { allow: ['admin'] } },
  saveBien: { method: 'POST', path: '/api/admin/save-bien', access: { allow: ['admin'] } },
  getBien: { method: 'GET', path: '/api/admin/edit-bien/{id}', access: { allow: ['admin'] } },
  updateBien: { method: 'PATCH', path: '/api/admin/update-bien', access: { allow: ['admin'] } },
  deleteBien: { method: 'DELETE', path: '/api/admin/delete-bien/{id}', access: { allow: ['admin'] } },
});

export const catalogRoutes = /* @__PURE__ */ typedRoutes<typeof catalogEndpoints>(catalogLines);
