import { systemClock, type Clock } from '@ouvrage/domain';
import type { AcrobatSignSettings } from '../../config';

/** A failed call to Acrobat Sign: unreachable, refused, or an unexpected answer. */
export class AcrobatSignError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AcrobatSignError';
  }
}

/** The statuses of an agreement we act on; Acrobat Sign has more (OUT_FOR_APPROVAL, ARCHIVED, …). */
export type AgreementStatus = 'OUT_FOR_SIGNATURE' | 'SIGNED' | 'CANCELLED' | 'EXPIRED' | (string & {});

export interface AgreementInfo {
  id: string;
  name: string;
  status: AgreementStatus;
}

/** One line of the agreement's audit trail (`GET agreements/{id}/events`). */
export interface AgreementEvent {
  /** CREATED, ACTION_REQUESTED, EMAIL_VIEWED, ESIGNED, ACTION_COMPLETED, … */
  type: string;
  date: Date;
  description: string | null;
  participantEmail: string | null;
  actingUserIpAddress: string | null;
}

export interface NewAgreement {
  name: string;
  transientDocumentId: string;
  /** The signers' e-mails, in signing order (one participant set each). */
  signerEmails: string[];
}

/** An access token is renewed this long before Acrobat Sign says it expires (clock drift, slow calls). */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * Acrobat Sign REST v6 (decision 0660): an access token from the OAuth refresh grant, kept until
 * shortly before it expires and renewed once on a 401 (revoked early); transient document upload,
 * agreement creation, status and the signed (combined) document. One refresh at a time: calls
 * arriving while a token is being fetched wait for it.
 */
export class AcrobatSignClient {
  private token: { value: string; expiresAt: number } | null = null;
  private refreshing: Promise<string> | null = null;
  private readonly clock: Clock;
  private readonly timeoutMs: number;

  constructor(
    private readonly settings: AcrobatSignSettings,
    options: { clock?: Clock; timeoutMs?: number } = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** Upload the PDF as a transient document (kept 7 days by Acrobat Sign); its id. */
  async uploadTransientDocument(fileName: string, pdf: Buffer): Promise<string> {
    const answer = await this.json<{ transientDocumentId?: unknown }>('POST', '/api/rest/v6/transientDocuments', () => {
      const form = new FormData();
      form.set('File-Name', fileName);
      form.set('Mime-Type', 'application/pdf');
      form.set('File', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), fileName);
      return form;
    });
    if (typeof answer.transientDocumentId !== 'string' || !answer.transientDocumentId)
      throw new AcrobatSignError('Acrobat Sign : identifiant de document temporaire absent');
    return answer.transientDocumentId;
  }

  /**
   * Create the agreement, sent for e-signature at once (state IN_PROCESS) or kept unsent until
   * `startAgreement` (AUTHORING, decision 0970); its id.
   */
  async createAgreement(agreement: NewAgreement, state: 'IN_PROCESS' | 'AUTHORING' = 'IN_PROCESS'): Promise<string> {
    const body = {
      fileInfos: [{ transientDocumentId: agreement.transientDocumentId }],
      name: agreement.name,
      participantSetsInfo: agreement.signerEmails.map((email, index) => ({ memberInfos: [{ email }], order: index + 1, role: 'SIGNER' })),
      signatureType: 'ESIGN',
      state,
    };
    const answer = await this.json<{ id?: unknown }>('POST', '/api/rest/v6/agreements', () => JSON.stringify(body), 'application/json');
    if (typeof answer.id !== 'string' || !answer.id) throw new AcrobatSignError('Acrobat Sign : identifiant d’accord absent');
    return answer.id;
  }

  /** `PUT agreements/{id}/state` to IN_PROCESS: an agreement created in AUTHORING goes out to its signers. */
  async startAgreement(agreementId: string): Promise<void> {
    const response = await this.call(
      'PUT',
      `/api/rest/v6/agreements/${encodeURIComponent(agreementId)}/state`,
      () => JSON.stringify({ state: 'IN_PROCESS' }),
      'application/json',
    );
    await response.arrayBuffer().catch(() => undefined);
  }

  /** The agreement as Acrobat Sign knows it now. */
  async getAgreement(agreementId: string): Promise<AgreementInfo> {
    const answer = await this.json<{ id?: unknown; name?: unknown; status?: unknown }>('GET', `/api/rest/v6/agreements/${encodeURIComponent(agreementId)}`);
    if (typeof answer.status !== 'string') throw new AcrobatSignError('Acrobat Sign : état de l’accord absent');
    return { id: typeof answer.id === 'string' ? answer.id : agreementId, name: typeof answer.name === 'string' ? answer.name : '', status: answer.status };
  }

  /** The agreement's audit trail as Acrobat Sign recorded it; lines without a readable date are left out. */
  async getAgreementEvents(agreementId: string): Promise<AgreementEvent[]> {
    const answer = await this.json<{ events?: unknown }>('GET', `/api/rest/v6/agreements/${encodeURIComponent(agreementId)}/events`);
    const events = Array.isArray(answer.events) ? (answer.events as Record<string, unknown>[]) : [];
    const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
    return events
      .map((e) => ({
        type: text(e.type) ?? '',
        date: new Date(String(e.date)),
        description: text(e.description),
        participantEmail: text(e.participantEmail),
        actingUserIpAddress: text(e.actingUserIpAddress),
      }))
      .filter((e) => e.type && !Number.isNaN(e.date.getTime()));
  }

  /** The agreement's documents as one PDF, signed once the agreement is SIGNED. */
  async getCombinedDocument(agreementId: string): Promise<Buffer> {
    const response = await this.call('GET', `/api/rest/v6/agreements/${encodeURIComponent(agreementId)}/combinedDocument`);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new AcrobatSignError('Acrobat Sign : le document signé n’est pas un PDF');
    return bytes;
  }

  private async json<T>(method: string, path: string, body?: () => BodyInit, contentType?: string): Promise<T> {
    const response = await this.call(method, path, body, contentType);
    try {
      return (await response.json()) as T;
    } catch {
      throw new AcrobatSignError(`Acrobat Sign : réponse illisible pour ${method} ${path}`);
    }
  }

  /** One API call with the bearer token; on 401 the token is renewed and the call made once more. */
  private async call(method: string, path: string, body?: () => BodyInit, contentType?: string): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      const token = await this.accessToken();
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (contentType) headers['content-type'] = contentType;
      const response = await this.send(`${this.settings.baseUrl}${path}`, { method, headers, body: body?.() });
      if (response.status === 401 && attempt === 1) {
        // Revoked or expired before its time: forget it (unless another call already replaced it).
        if (this.token?.value === token) this.token = null;
        continue;
      }
      if (!response.ok)
        throw new AcrobatSignError(`Acrobat Sign : HTTP ${response.status} pour ${method} ${path}${await errorCodeOf(response)}`, response.status);
      return response;
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.clock.now().getTime() < this.token.expiresAt) return this.token.value;
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** `POST /oauth/v2/refresh` (form): grant_type=refresh_token, client id and secret, refresh token. */
  private async refresh(): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: this.settings.clientId,
      client_secret: this.settings.clientSecret,
      refresh_token: this.settings.refreshToken,
    });
    const response = await this.send(`${this.settings.baseUrl}/oauth/v2/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    if (!response.ok)
      throw new AcrobatSignError(`Acrobat Sign : jeton d’accès refusé (HTTP ${response.status})${await errorCodeOf(response)}`, response.status);
    const answer = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
    if (typeof answer.access_token !== 'string' || !answer.access_token) throw new AcrobatSignError('Acrobat Sign : jeton d’accès absent de la réponse');
    const lifetimeMs = (typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : 3600) * 1000;
    this.token = { value: answer.access_token, expiresAt: this.clock.now().getTime() + Math.max(0, lifetimeMs - EXPIRY_MARGIN_MS) };
    return answer.access_token;
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new AcrobatSignError(`Acrobat Sign injoignable : ${(error as Error).message}`);
    }
  }
}

/** Acrobat Sign answers errors as `{ code, message }`: the code, for the logs and the job's last error. */
async function errorCodeOf(response: Response): Promise<string> {
  const answer = (await response.json().catch(() => null)) as { code?: unknown } | null;
  return typeof answer?.code === 'string' ? ` (${answer.code})` : '';
}
