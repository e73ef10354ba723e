import { randomBytes } from 'node:crypto';
import type { EInvoicingSettings, EInvoicingSettingsBody } from '@ouvrage/contracts';
import type { EReportingFrequency, Executor, VatRegime } from '@ouvrage/db';
import type { PaConnection } from '../../adapters/e-invoicing/pa-client';
import type { AppDeps } from '../../lib/deps';
import { invalid } from '../../lib/errors';
import * as repo from './repository';
import { openSecret, sealSecret } from './secret-box';

/**
 * An issuer's e-invoicing settings (decision 1212): which PA (none, their own, the platform's by
 * delegation), how it authenticates them, the VAT regime and the e-reporting period. The client
 * secret or token and the webhook secret are stored encrypted and never returned.
 */

export const webhookUrlOf = (deps: AppDeps, issuerId: number) => `${deps.config.publicUrl}/api/facturation-electronique/webhook/${issuerId}`;

export function settingsAnswer(deps: AppDeps, issuerId: number, row: repo.EInvoicingSettingsRow | undefined): EInvoicingSettings {
  return {
    issuer_id: issuerId,
    pa_mode: row?.paMode ?? 'none',
    base_url: row?.baseUrl ?? null,
    auth_kind: row?.authKind ?? null,
    token_url: row?.tokenUrl ?? null,
    client_id: row?.clientId ?? null,
    scope: row?.scope ?? null,
    organization_id: row?.organizationId ?? null,
    secret_configured: Boolean(row?.secretEncrypted),
    vat_regime: row?.vatRegime ?? 'reel_normal',
    e_reporting_period: row?.eReportingPeriod ?? 'month',
    delegation_available: Boolean(deps.config.eInvoicing.platformPa),
    webhook_url: webhookUrlOf(deps, issuerId),
  };
}

export async function getSettings(deps: AppDeps, issuerId: number): Promise<EInvoicingSettings> {
  return settingsAnswer(deps, issuerId, await repo.findSettings(deps.db, issuerId));
}

export async function saveSettings(deps: AppDeps, issuerId: number, body: EInvoicingSettingsBody): Promise<EInvoicingSettings> {
  const key = deps.config.eInvoicing.secretKey;
  const row = await deps.db.transaction(async (tx) => {
    const before = await repo.findSettings(tx, issuerId);
    const own = body.pa_mode === 'own';
    if (body.pa_mode === 'delegated' && !deps.config.eInvoicing.platformPa) {
      throw invalid({ pa_mode: 'Ouvrage n’a pas encore de plateforme agréée à laquelle déléguer : choisissez la vôtre.' });
    }
    // A new secret replaces the stored one; none given keeps it, unless the way to authenticate changed.
    const given = own ? (body.auth_kind === 'bearer' ? body.token : body.client_secret) : undefined;
    const keep = own && before?.paMode === 'own' && before.authKind === body.auth_kind ? before.secretEncrypted : null;
    const secretEncrypted = given ? sealSecret(key, given) : keep;
    if (own && !secretEncrypted) {
      const field = body.auth_kind === 'bearer' ? 'token' : 'client_secret';
      throw invalid({
        [field]:
          body.auth_kind === 'bearer' ? 'Indiquez le jeton que la plateforme vous a donné.' : 'Indiquez le secret client que la plateforme vous a donné.',
      });
    }
    const connected = body.pa_mode !== 'none';
    return repo.upsertSettings(tx, issuerId, {
      paMode: body.pa_mode,
      baseUrl: own ? body.base_url!.replace(/\/$/, '') : null,
      authKind: own ? body.auth_kind! : null,
      tokenUrl: own && body.auth_kind === 'oauth2' ? body.token_url! : null,
      clientId: own && body.auth_kind === 'oauth2' ? body.client_id! : null,
      scope: own && body.auth_kind === 'oauth2' ? (body.scope ?? null) : null,
      secretEncrypted: own ? secretEncrypted : null,
      organizationId: body.pa_mode === 'delegated' ? body.organization_id! : own ? (body.organization_id ?? null) : null,
      // The secret the PA signs its webhooks with: made once, when a PA is first set.
      // Made anew when the stored one no longer opens (a development key changed at restart).
      webhookSecretEncrypted: connected
        ? openSecret(key, before?.webhookSecretEncrypted)
          ? before!.webhookSecretEncrypted
          : sealSecret(key, randomBytes(32).toString('hex'))
        : (before?.webhookSecretEncrypted ?? null),
      vatRegime: body.vat_regime,
      eReportingPeriod: body.e_reporting_period,
      updatedAt: deps.clock.now(),
    });
  });
  return settingsAnswer(deps, issuerId, row);
}

/** How the platform reaches the issuer's PA, credentials decrypted; null without a PA (or a secret that no longer decrypts). */
export function connectionOf(deps: AppDeps, row: repo.EInvoicingSettingsRow | undefined): PaConnection | null {
  if (!row || row.paMode === 'none') return null;
  if (row.paMode === 'delegated') {
    const platform = deps.config.eInvoicing.platformPa;
    return platform ? { baseUrl: platform.baseUrl, auth: platform.auth, organizationId: row.organizationId ?? undefined } : null;
  }
  const secret = openSecret(deps.config.eInvoicing.secretKey, row.secretEncrypted);
  if (!row.baseUrl || !secret) return null;
  const auth: PaConnection['auth'] =
    row.authKind === 'bearer'
      ? { kind: 'bearer', token: secret }
      : { kind: 'oauth2', tokenUrl: row.tokenUrl ?? '', clientId: row.clientId ?? '', clientSecret: secret, ...(row.scope ? { scope: row.scope } : {}) };
  return { baseUrl: row.baseUrl, auth, ...(row.organizationId ? { organizationId: row.organizationId } : {}) };
}

/** The issuer's PA connection (for the e-reporting module too); null when they have none. */
export async function issuerPaConnection(deps: AppDeps, db: Executor, issuerId: number): Promise<PaConnection | null> {
  return connectionOf(deps, await repo.findSettings(db, issuerId));
}

export interface IssuerEInvoicingFacts {
  paMode: 'none' | 'own' | 'delegated';
  vatRegime: VatRegime;
  /** How often the e-reporting of consumer sales and payments is sent. */
  eReportingPeriod: EReportingFrequency;
}

/** The issuer's regime and e-reporting period (defaults without a row: réel normal, monthly). */
export async function issuerEInvoicingSettings(db: Executor, issuerId: number): Promise<IssuerEInvoicingFacts> {
  const row = await repo.findSettings(db, issuerId);
  return { paMode: row?.paMode ?? 'none', vatRegime: row?.vatRegime ?? 'reel_normal', eReportingPeriod: row?.eReportingPeriod ?? 'month' };
}

/** The webhook secret, decrypted (null: none, or it no longer decrypts). */
export function webhookSecretOf(deps: AppDeps, row: repo.EInvoicingSettingsRow | undefined): string | null {
  return openSecret(deps.config.eInvoicing.secretKey, row?.webhookSecretEncrypted);
}
