import type { QuoteSettings, QuoteSettingsBody } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import { DEFAULT_DEPOSIT_BP, DEFAULT_PREFIXES, DEFAULT_VALIDITY_DAYS, missingIssuerMentions, todayInParis } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { AppError, notFound } from '../../lib/errors';
import { loadSharp } from '../../lib/lazy-deps';
import { readStoredFile } from '../../lib/stored-files';
import type { StoredUpload, UploadOptions } from '../../lib/uploads';
import { hasCompanyName, liveIssuer, mentionItems, mentionsOf } from './issuer';
import * as repo from './repository';

/** « Personnaliser » (decision 0510): an architect's row over the platform's row over these defaults. */
export const QUOTE_DEFAULTS = {
  accent_color: '#1f4e79',
  number_prefix: DEFAULT_PREFIXES.devis,
  validity_days: DEFAULT_VALIDITY_DAYS,
  deposit_bp: DEFAULT_DEPOSIT_BP,
  payment_terms: 'Acompte à la signature, solde à la réception des travaux, par virement sous 30 jours.',
  late_penalty_bp: 0,
  retention_bp: 0,
  free_text: '',
  general_conditions: '',
} as const satisfies Required<QuoteSettingsBody>;

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** What the route's upload reader accepts for a logo: one PNG, JPEG or WebP of at most 2 Mo. */
export const LOGO_UPLOAD: UploadOptions = { allowed: ['png', 'jpeg', 'webp'], maxBytes: LOGO_MAX_BYTES, maxFiles: 1 };

/**
 * The PDF renderer (pdf-lib) embeds PNG and JPEG only: a WebP logo is kept as the PNG sharp makes
 * of it (decision 1201), the WebP file removed. An image sharp cannot read is a 400.
 */
async function embeddable(deps: AppDeps, file: StoredUpload): Promise<{ key: string; mime: string }> {
  if (file.mime !== 'image/webp') return file;
  const sharp = await loadSharp();
  let png: Buffer;
  try {
    png = await sharp(await readStoredFile(deps.storage, file.key), { limitInputPixels: 50_000_000 })
      .png()
      .toBuffer();
  } catch {
    throw new AppError('VALIDATION', 'Cette image WebP ne peut pas être lue.', { file: 'Image illisible : choisissez une autre image PNG, JPEG ou WebP.' });
  }
  const key = await deps.storage.save(png, 'png');
  await deps.storage.remove(file.key).catch(() => undefined);
  return { key, mime: 'image/png' };
}

export type EffectiveSettings = typeof QUOTE_DEFAULTS extends infer T ? { [K in keyof T]: T[K] extends string ? string : number } : never;

type Row = repo.QuoteSettingsRow | undefined;

function pick<T>(own: T | null | undefined, platform: T | null | undefined, fallback: T): T {
  return own ?? platform ?? fallback;
}

function merge(own: Row, platform: Row): EffectiveSettings & { logo: { path: string; mime: string } | null } {
  const logoRow = own?.logoPath ? own : platform?.logoPath ? platform : null;
  return {
    accent_color: pick(own?.accentColor, platform?.accentColor, QUOTE_DEFAULTS.accent_color),
    number_prefix: pick(own?.numberPrefix, platform?.numberPrefix, QUOTE_DEFAULTS.number_prefix),
    validity_days: pick(own?.validityDays, platform?.validityDays, QUOTE_DEFAULTS.validity_days),
    deposit_bp: pick(own?.depositBp, platform?.depositBp, QUOTE_DEFAULTS.deposit_bp),
    payment_terms: pick(own?.paymentTerms, platform?.paymentTerms, QUOTE_DEFAULTS.payment_terms),
    late_penalty_bp: pick(own?.latePenaltyBp, platform?.latePenaltyBp, QUOTE_DEFAULTS.late_penalty_bp),
    retention_bp: pick(own?.retentionBp, platform?.retentionBp, QUOTE_DEFAULTS.retention_bp),
    free_text: pick(own?.freeText, platform?.freeText, QUOTE_DEFAULTS.free_text),
    general_conditions: pick(own?.generalConditions, platform?.generalConditions, QUOTE_DEFAULTS.general_conditions),
    logo: logoRow?.logoPath ? { path: logoRow.logoPath, mime: logoRow.logoMime ?? 'image/png' } : null,
  };
}

/** The settings that apply to an architect's quotes (`null`: the platform's). */
export async function effectiveSettings(db: Executor, userId: number | null) {
  const [own, platform] = await Promise.all([userId === null ? Promise.resolve(undefined) : repo.findSettings(db, userId), repo.findSettings(db, null)]);
  return merge(own, platform);
}

async function view(deps: AppDeps, userId: number | null): Promise<QuoteSettings> {
  const [own, platform] = await Promise.all([
    userId === null ? Promise.resolve(undefined) : repo.findSettings(deps.db, userId),
    repo.findSettings(deps.db, null),
  ]);
  const { logo, ...fields } = merge(userId === null ? platform : own, userId === null ? undefined : platform);
  if (userId === null) return { ...fields, has_logo: !!logo, issuer: null, missing_mentions: [], updated_at: platform?.updatedAt.toISOString() ?? null };
  const [issuer, named] = await Promise.all([liveIssuer(deps.db, userId), hasCompanyName(deps.db, userId)]);
  return {
    ...fields,
    has_logo: !!logo,
    issuer,
    missing_mentions: mentionItems(missingIssuerMentions(mentionsOf(issuer, named), todayInParis(deps.clock))),
    updated_at: own?.updatedAt.toISOString() ?? null,
  };
}

export const getSettings = (deps: AppDeps, userId: number | null) => view(deps, userId);

export async function saveSettings(deps: AppDeps, userId: number | null, body: Required<QuoteSettingsBody>): Promise<QuoteSettings> {
  await repo.upsertSettings(deps.db, userId, {
    accentColor: body.accent_color,
    numberPrefix: body.number_prefix,
    validityDays: body.validity_days,
    depositBp: body.deposit_bp,
    paymentTerms: body.payment_terms,
    latePenaltyBp: body.late_penalty_bp,
    retentionBp: body.retention_bp,
    freeText: body.free_text,
    generalConditions: body.general_conditions,
    updatedAt: deps.clock.now(),
  });
  return view(deps, userId);
}

/**
 * A PNG, JPEG or WebP logo of at most 2 Mo (`LOGO_UPLOAD`), already stored by the route like every
 * upload (a WebP one then kept as PNG); the previous file goes once replaced, the new one if it
 * cannot be recorded.
 */
export async function uploadLogo(deps: AppDeps, userId: number | null, files: StoredUpload[]): Promise<QuoteSettings> {
  const [upload] = files;
  if (!upload) throw new AppError('VALIDATION', 'Aucun logo reçu.', { file: 'Choisissez une image PNG, JPEG ou WebP.' });
  let previous: string | null = null;
  let file = upload;
  try {
    file = { ...upload, ...(await embeddable(deps, upload)) };
    await deps.db.transaction(async (tx) => {
      previous = (await repo.findSettings(tx, userId))?.logoPath ?? null;
      await repo.upsertSettings(tx, userId, { logoPath: file.key, logoMime: file.mime, updatedAt: deps.clock.now() });
    });
  } catch (error) {
    await deps.storage.remove(file.key).catch(() => undefined);
    throw error;
  }
  if (previous) await deps.storage.remove(previous).catch(() => undefined);
  return view(deps, userId);
}

export async function deleteLogo(deps: AppDeps, userId: number | null): Promise<QuoteSettings> {
  const row = await repo.findSettings(deps.db, userId);
  if (row?.logoPath) {
    await repo.upsertSettings(deps.db, userId, { logoPath: null, logoMime: null, updatedAt: deps.clock.now() });
    await deps.storage.remove(row.logoPath).catch(() => undefined);
  }
  return view(deps, userId);
}

/** The logo that applies (own, else the platform's), as an image. */
export async function readLogo(deps: AppDeps, userId: number | null): Promise<{ bytes: Buffer; mime: string }> {
  const { logo } = await effectiveSettings(deps.db, userId);
  if (!logo) throw notFound('Aucun logo n’a été déposé.');
  return { bytes: await readStoredFile(deps.storage, logo.path, 'Ce logo est introuvable sur le serveur.'), mime: logo.mime };
}
