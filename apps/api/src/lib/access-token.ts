import { SignJWT, jwtVerify } from 'jose';

export interface AccessToken {
  token: string;
  expires_at: string;
}

/** A short-lived access token (JWT HS256) naming the user. */
export async function signAccessToken(userId: number, secret: Uint8Array, ttlSeconds: number, now = new Date()): Promise<AccessToken> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + ttlSeconds;
  const token = await new SignJWT({ typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .setIssuer('ouvrage')
    .sign(secret);
  return { token, expires_at: new Date(expiresAt * 1000).toISOString() };
}

/** The user id of a valid access token, or null when it is missing, forged or expired. */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: 'ouvrage', algorithms: ['HS256'] });
    const id = Number(payload.sub);
    return payload.typ === 'access' && Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
