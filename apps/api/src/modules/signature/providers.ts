import type { Executor } from '@ouvrage/db';
import type { SignatureProviderName } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import type { SignatureDocumentRow, SignatureSignerRow } from './documents-repository';

/**
 * Who collects the signatures of a sent document (decision 0640): the built-in signature (e-mail
 * code, drawn or typed signature, platform seal) or a provider's API (Acrobat Sign). `send` runs
 * inside the transaction that holds the document's row lock and then stores its result (decision
 * 0970: one send per document, even asked twice at once); it writes through `tx` only, and may
 * call a remote API meanwhile (bounded by that client's timeouts).
 */
export interface SignatureProvider {
  /**
   * Invite the signers; the provider's agreement id, or null when the platform signs itself.
   * `notify: false` (built-in only, decision 0642): the signers sign in the app, no invitation mail.
   */
  send(deps: AppDeps, tx: Executor, doc: SignatureDocumentRow, signers: SignatureSignerRow[], options?: SendOptions): Promise<{ agreementId: string | null }>;
  /**
   * An optional first step (decision 0970): create the provider's agreement without sending it.
   * Its id is stored on the draft, and committed, before `send` sends it: a process dying in
   * between leaves nothing out for signature that the platform does not know, and the next send
   * goes on from that id instead of creating another agreement.
   */
  prepare?(deps: AppDeps, doc: SignatureDocumentRow, signers: SignatureSignerRow[]): Promise<string>;
}

export interface SendOptions {
  /** Mail the signers their invitation (default true). */
  notify?: boolean;
}

// Providers are stateless (they read `deps`), so one registry serves every app instance.
const providers = new Map<SignatureProviderName, SignatureProvider>();

export function registerSignatureProvider(name: SignatureProviderName, provider: SignatureProvider): void {
  providers.set(name, provider);
}

export function providerFor(name: SignatureProviderName): SignatureProvider {
  const provider = providers.get(name);
  if (!provider) throw new Error(`Aucun fournisseur de signature « ${name} » n’est enregistré.`);
  return provider;
}
