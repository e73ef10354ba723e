import { routeLines, typedRoutes } from '../route-lines';
import type { sealVerificationEndpoints } from '../seal-verification';

/** The public verification page of sealed PDFs (decision 0630): anyone, logged out, may check a file. */
export const sealVerificationLines = routeLines({
  verify: { method: 'POST', path: '/api/verification-signature', access: { allow: 'public' }, consumes: ['multipart/form-data'] },
  byHash: { method: 'GET', path: '/api/verification-signature/empreinte/{sha256}', access: { allow: 'public' } },
});

export const sealVerificationRoutes = /* @__PURE__ */ typedRoutes<typeof sealVerificationEndpoints>(sealVerificationLines);
