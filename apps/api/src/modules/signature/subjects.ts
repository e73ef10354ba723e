import type { Executor } from '@ouvrage/db';
import type { SignatureDocumentKind } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import type { SignatureDocumentRow } from './documents-repository';

/**
 * What a module whose records are signed (a réception's procès-verbal, decision 0720) does when
 * the document completes: called by `completeSignatureDocument` inside its transaction, with the
 * document row locked, exactly once (a second completion finds the document signed and stops
 * before). A refusal thrown here rolls the completion back. Quotes keep their own call.
 */
export type SignatureCompletionHook = (deps: AppDeps, tx: Executor, doc: SignatureDocumentRow, at: Date) => Promise<void>;

// Hooks are stateless (they read `deps`), so one registry serves every app instance.
const hooks = new Map<SignatureDocumentKind, SignatureCompletionHook>();

export function registerSignatureCompletion(kind: SignatureDocumentKind, hook: SignatureCompletionHook): void {
  hooks.set(kind, hook);
}

export const completionHookFor = (kind: SignatureDocumentKind): SignatureCompletionHook | undefined => hooks.get(kind);
