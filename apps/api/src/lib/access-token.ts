import { SignJWT, jwtVerify } from 'jose';

export interface AccessToken {
  token: string;
  expires_at: string;
}

export interface AccessClaims {
  userId: number;
  /** The user's session version when the token was issued; a later bump voids the token. */
  sessionVersion: number;
}

/** A short-lived access token (JWT HS256) naming the user and their session version. */
export async function signAccessToken(
  user: { id: number; sessionVersion: number },
  secret: Uint8Array,
  ttlSeconds: number,
  now = new Date(),
): Promise<AccessToken> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + ttlSeconds;
  const token = await new SignJWT({ typ: 'access', sv: user.sessionVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .setIssuer('ouvrage')
    .sign(secret);
  return { token, expires_at: new Date(expiresAt * 1000).toISOString() };
}

/**
 * Tokens already verified, per secret (decision 0961): the signature check (WebCrypto HMAC, async)
 * was a tenth of an authenticated read's CPU, and a client sends the same token for 15 minutes.
 * A verified token's claims cannot change; only its expiry is checked again at each use. Only
 * valid tokens are kept, at most VERIFIED_MAX per secret, the oldest dropped first.
 */
const verified = new WeakMap<Uint8Array, Map<string, AccessClaims & { expiresAt: number }>>();
const VERIFIED_MAX = 10_000;

/** The claims of a valid access token, or null when it is missing, forged or expired. */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<AccessClaims | null> {
  let known = verified.get(secret);
  const hit = known?.get(token);
  if (hit) {
    // jose's rule: expired once now reaches `exp` (seconds).
    if (Math.floor(Date.now() / 1000) >= hit.expiresAt) {
      known!.delete(token);
      return null;
    }
    return { userId: hit.userId, sessionVersion: hit.sessionVersion };
  }
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: 'ouvrage', algorithms: ['HS256'] });
    const id = Number(payload.sub);
    const sessionVersion = payload.sv;
    if (payload.typ !== 'access' || !Number.isInteger(id) || id <= 0) return null;
    if (typeof sessionVersion !== 'number' || !Number.isInteger(sessionVersion)) return null;
    if (typeof payload.exp === 'number') {
      if (!known) verified.set(secret, (known = new Map()));
      if (known.size >= VERIFIED_MAX) known.delete(known.keys().next().value!);
      known.set(token, { userId: id, sessionVersion, expiresAt: payload.exp });
    }
    return { userId: id, sessionVersion };
  } catch {
    return null;
  }
}
