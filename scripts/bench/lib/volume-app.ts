import type { DatabaseHandle } from '@ouvrage/db';
import { buildApp } from '../../../apps/api/src/app';
import { loadConfig } from '../../../apps/api/src/config';
import { signAccessToken } from '../../../apps/api/src/lib/access-token';

/**
 * The real app in production mode on a volume database (the benches that read at scale), and the
 * access tokens of the users it will be called as — signed directly, so no login is measured.
 */
export async function volumeApp(handle: DatabaseHandle, url: string, jwtSecret: string) {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    JWT_SECRET: jwtSecret,
    PUBLIC_URL: 'http://localhost:3000',
    SEAL_P12_PATH: '/tmp/ouvrage-bench-seal.p12',
    SEAL_P12_PASSWORD: 'bench',
    DATA_DIR: '/tmp/ouvrage-bench-data',
  });
  const app = await buildApp({ config, handle, logger: false });
  const secret = new TextEncoder().encode(jwtSecret);
  const tokenOf = async (id: number) => {
    const [u] = await handle.query<{ session_version: number }>('SELECT session_version FROM users WHERE id = $1', [id]);
    return (await signAccessToken({ id, sessionVersion: u.session_version }, secret, 3600)).token;
  };
  return { app, tokenOf };
}
