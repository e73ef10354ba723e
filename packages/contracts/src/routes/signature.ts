import { routeLines, typedRoutes } from '../route-lines';
import type { signatureEndpoints } from '../signature';
import type { signingFlowEndpoints } from '../signing-flow';

/**
 * The built-in signature (decisions 0620–0624, 0641–0648). `{id}` is the quote's; only its client
 * signs (the handler also checks the caller is the quote's client, since admins pass ownership).
 * `{token}` is a signer's personal link: anyone holding it, even logged out — the random token
 * names one signer of one document, and the e-mail code comes before anything is shown or signed.
 */
const signerOnQuote = { allow: ['client'], owner: 'quote' } as const;
const link = { allow: 'public' } as const;

export const signatureLines = routeLines({
  signingCodeState: { method: 'GET', path: '/api/sign-devis/{id}', access: signerOnQuote },
  startSigning: { method: 'POST', path: '/api/sign-devis/{id}', access: signerOnQuote },
  verifySignCode: { method: 'POST', path: '/api/sign-devis/{id}/code', access: signerOnQuote },
  signingDocument: { method: 'GET', path: '/api/sign-devis/{id}/document', access: signerOnQuote },
  signQuote: { method: 'POST', path: '/api/sign-devis/{id}/signature', access: signerOnQuote },
  signedQuotePdf: {
    method: 'GET',
    path: '/api/devis/{id}/pdf-signe',
    access: { allow: ['architecte', 'client', 'admin'], validatedOnly: true, owner: 'quote' },
  },
  linkInfo: { method: 'GET', path: '/api/signature/{token}', access: link },
  linkRequestCode: { method: 'POST', path: '/api/signature/{token}/demande-code', access: link },
  linkVerifyCode: { method: 'POST', path: '/api/signature/{token}/code', access: link },
  linkDocument: { method: 'GET', path: '/api/signature/{token}/document', access: link },
  linkSign: { method: 'POST', path: '/api/signature/{token}/signer', access: link },
  linkSignedDocument: { method: 'GET', path: '/api/signature/{token}/document-signe', access: link },
});

export const signatureRoutes = /* @__PURE__ */ typedRoutes<typeof signatureEndpoints>(signatureLines);

export const signingFlowRoutes = /* @__PURE__ */ typedRoutes<typeof signingFlowEndpoints>(signatureLines);
