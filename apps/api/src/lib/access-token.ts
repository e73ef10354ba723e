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

/** The claims of a valid access token, or null when it is missing, forged or expired. */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: 'ouvrage', algorithms: ['HS256'] });
    const id = Number(payload.sub);
    const sessionVersion = payload.sv;
    if (payload.typ !== 'access' || !Number.isInteger(id) || id <= 0) return null;
    if (typeof sessionVersion !== 'number' || !Number.isInteger(sessionVersion)) return null;
    return { userId: id, sessionVersion };
  } catch {
    return null;
  }
}
