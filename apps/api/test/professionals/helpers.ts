import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { professions, services, type Database } from '@ouvrage/db';

/** A private storage directory for a test file. */
export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'ouvrage-pro-'));
}

export function multipart(fields: Record<string, string>, files: Array<{ name: string; filename: string; type: string; bytes: Buffer }>) {
  const boundary = '----ouvrage' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`));
    chunks.push(f.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

export async function professionId(db: Database, slug: string): Promise<number> {
  const [row] = await db.select().from(professions).where(eq(professions.slug, slug));
  return row.id;
}

export async function serviceIds(db: Database, professionSlug: string): Promise<number[]> {
  const id = await professionId(db, professionSlug);
  return (await db.select().from(services).where(eq(services.professionId, id))).map((s) => s.id);
}

/** A valid sign-up body; SIRET 85678901100017 is DURAND MACONNERIE in the offline registry. */
export async function signUpBody(db: Database, overrides: Record<string, unknown> = {}) {
  return {
    siret: '856 789 011 00017',
    raison_sociale: 'Durand Maçonnerie',
    profession_id: await professionId(db, 'macon'),
    service_ids: (await serviceIds(db, 'macon')).slice(0, 2),
    civility: 'M.',
    firstname: 'Paul',
    lastname: 'Durand',
    email: `paul.durand.${Math.random().toString(16).slice(2, 8)}@exemple.fr`,
    phone: '06 12 34 56 78',
    password: 'Chantier2026x',
    password_confirmation: 'Chantier2026x',
    accept_terms: true,
    ...overrides,
  };
}
