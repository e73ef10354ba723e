import { routeLines, typedRoutes } from '../route-lines';
import type { paymentEndpoints } from '../payments';

/**
 * Card payments (decision 0730). The checkout, the simulated card form, the authorization and the
 * invoice's payment summary are reachable without a session: the invoice's client pays logged in,
 * or anyone holding the signed, expiring pay link of that invoice (sent in mails, shown on the
 * invoice). Their handlers check one or the other — the caller is the invoice's client (its issuer
 * or an admin for reading), or the link's signature names this invoice — and answer 401/403 otherwise.
 * The Stripe webhook is called by Stripe, never by a user: its signature on the raw body is checked.
 */
const payLink = {
  kind: 'none',
  reason: 'Le client de la facture connecté, ou le porteur du lien de paiement signé de cette facture : le service vérifie l’un ou l’autre (401/403 sinon).',
} as const;

export const paymentLines = routeLines({
  invoiceSummary: { method: 'GET', path: '/api/paiement/facture/{id}', access: { allow: 'public', owner: payLink } },
  checkout: { method: 'POST', path: '/api/paiement/checkout/{id}', access: { allow: 'public', owner: payLink } },
  simulatedCard: { method: 'POST', path: '/api/paiement/simulation/{id}', access: { allow: 'public', owner: payLink } },
  simulatedSepa: { method: 'POST', path: '/api/paiement/simulation-sepa/{id}', access: { allow: 'public', owner: payLink } },
  authorize: { method: 'POST', path: '/api/paiement/authorize/{id}', access: { allow: 'public', owner: payLink } },
  listPayments: { method: 'GET', path: '/api/paiement/lists/{id}', access: { allow: ['client', 'admin'], owner: 'self' } },
  stripeWebhook: { method: 'POST', path: '/api/webhooks/stripe', access: { allow: 'public' } },
  revokeMandate: {
    method: 'POST',
    path: '/api/paiement/mandat/{id}/revocation',
    access: {
      allow: ['client', 'admin'],
      owner: {
        kind: 'none',
        reason: 'Le mandat SEPA {id} : le service vérifie que l’appelant en est le client (ou un admin), 403 sinon ; un mandat inconnu répond 404.',
      },
    },
  },
});

export const paymentRoutes = /* @__PURE__ */ typedRoutes<typeof paymentEndpoints>(paymentLines);
