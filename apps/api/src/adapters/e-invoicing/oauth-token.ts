import { createHash } from 'node:crypto';
import { PaPermanentError, PaTransientError, type PaConnection } from './pa-client';

type OAuth2 = Extract<PaConnection['auth'], { kind: 'oauth2' }>;

/** Renewed this long before it expires, so that a call started just before never carries a dead token. */
const EARLY_RENEWAL_MS = 60_000;

interface CachedToken {
  token: string;
  expiresAt: number;
}

/**
 * OAuth2 client-credentials tokens (RFC 6749 §4.4), one per PA account, kept until shortly before
 * they expire; concurrent calls share one request. `invalidate` after a 401: the PA may have
 * revoked the token before its announced expiry.
 */
export class OAuthTokens {
  private readonly tokens = new Map<string, CachedToken>();
  private readonly pending = new Map<string, Promise<CachedToken>>();

  constructor(
    private readonly fetchFn: typeof fetch,
    private readonly timeoutMs: number,
    private readonly now: () => Date,
  ) {}

  async get(auth: OAuth2): Promise<string> {
    const key = keyOf(auth);
    const cached = this.tokens.get(key);
    if (cached && this.now().getTime() < cached.expiresAt - EARLY_RENEWAL_MS) return cached.token;
    let request = this.pending.get(key);
    if (!request) {
      request = this.request(auth).finally(() => this.pending.delete(key));
      this.pending.set(key, request);
    }
    const fresh = await request;
    this.tokens.set(key, fresh);
    return fresh.token;
  }

  invalidate(auth: OAuth2): void {
    this.tokens.delete(keyOf(auth));
  }

  private async request(auth: OAuth2): Promise<CachedToken> {
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: auth.clientId, client_secret: auth.clientSecret });
    if (auth.scope) form.set('scope', auth.scope);
    let response: Response;
    let body: string;
    try {
      response = await this.fetchFn(auth.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      body = await response.text();
    } catch (error) {
      throw new PaTransientError(`Jeton de la plateforme agréée : ${unreachable(error, this.timeoutMs)}.`);
    }
    if (response.status === 429 || response.status >= 500)
      throw new PaTransientError(`Jeton de la plateforme agréée : service indisponible (HTTP ${response.status}).`);
    if (!response.ok)
      throw new PaPermanentError(
        `La plateforme agréée refuse nos identifiants OAuth2 (HTTP ${response.status}) : vérifier l’identifiant et le secret client.`,
        response.status,
      );
    let answer: { access_token?: unknown; expires_in?: unknown };
    try {
      answer = JSON.parse(body) as typeof answer;
    } catch {
      throw new PaPermanentError('Jeton de la plateforme agréée : réponse illisible (pas du JSON).', response.status);
    }
    if (typeof answer?.access_token !== 'string' || answer.access_token === '')
      throw new PaPermanentError('Jeton de la plateforme agréée : réponse sans access_token.', response.status);
    // No expires_in: assume the common hour; a 401 renews it sooner.
    const seconds = typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : 3600;
    return { token: answer.access_token, expiresAt: this.now().getTime() + seconds * 1000 };
  }
}

/** One token per account and secret: a changed secret asks for a new token at once. */
const keyOf = (auth: OAuth2) => [auth.tokenUrl, auth.clientId, auth.scope ?? '', createHash('sha256').update(auth.clientSecret).digest('hex')].join('\u0000');

/** Why a request got no answer, in French: a timeout or a refused / broken connection. */
export function unreachable(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return `pas de réponse en ${Math.round(timeoutMs / 100) / 10} s`;
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return `injoignable (${cause?.code ?? cause?.message ?? (error as Error)?.message ?? 'erreur réseau'})`;
}
