import { useCallback, useEffect, useRef, useState } from 'react';
import type { CreateQuoteBody, QuoteContentBody, QuoteDetail, UpdateQuoteBody } from '@ouvrage/contracts';
import { ApiError } from '../../../lib/api-client';
import { contentBody, fieldsByKey, type QuoteDraft } from '../model/draft';
import { saveableBody } from '../model/held-fields';

export type AutosaveState =
  | { kind: 'clean' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  /** `held`: fields outside the lots not valid yet, kept at their saved value and named (decision 1203). */
  | { kind: 'saved'; at: Date; held?: number }
  /** A new quote is created once it has an object (the API requires one). */
  | { kind: 'needs-title' }
  | { kind: 'error'; error: unknown }
  /** Saved elsewhere since this page loaded (409 QUOTE_REVISION_CONFLICT): autosave stops. */
  | { kind: 'conflict' }
  /** No longer a draft (sent from another tab): autosave stops. */
  | { kind: 'locked'; error: unknown };

export interface AutosaveOptions {
  draft: QuoteDraft;
  /** Null until the first save creates the quote. */
  quoteId: number | null;
  projectId: number | null;
  revision: number;
  /** The content last saved (or, for a new quote, the untouched initial content). */
  savedJson: string;
  create: (body: CreateQuoteBody) => Promise<QuoteDetail>;
  update: (id: number, body: UpdateQuoteBody) => Promise<QuoteDetail>;
  /** After each save; `created` on the first save of a new quote, with the draft as sent. */
  onSaved: (detail: QuoteDetail, info: { created: boolean; savedJson: string }) => void;
  enabled: boolean;
  delayMs?: number;
}

const json = (draft: QuoteDraft) => JSON.stringify(contentBody(draft));

/**
 * Drafts save themselves (decision 0526): ~1.5 s after the last change, when the page is hidden
 * or left, and on demand (before sending). One save at a time; each carries the revision it
 * started from, so a stale tab gets a conflict instead of overwriting. A 400 keeps the text typed
 * and gives per-field messages keyed by lot and line (not position).
 */
export function useQuoteAutosave(options: AutosaveOptions) {
  const { draft, enabled, delayMs = 1500 } = options;
  const [state, setState] = useState<AutosaveState>({ kind: 'clean' });
  const [fields, setFields] = useState<Record<string, string>>({});
  const latest = useRef(options);
  latest.current = options;
  const id = useRef(options.quoteId);
  const revision = useRef(options.revision);
  const savedJson = useRef(options.savedJson);
  /** The body last stored on the server: what a field not valid yet falls back to. */
  const savedBody = useRef<QuoteContentBody | null>(parseBody(options.savedJson));
  const inFlight = useRef<Promise<boolean> | null>(null);
  /** Why this editor must not save again: a conflict, no longer a draft, or handed over after creation. */
  const stopped = useRef<null | 'conflict' | 'locked' | 'handed-over'>(null);
  const current = json(draft);
  const currentRef = useRef(current);
  currentRef.current = current;

  const saveOnce = useCallback(async (): Promise<boolean> => {
    if (stopped.current) return false;
    const sentDraft = latest.current.draft;
    const sentJson = json(sentDraft);
    if (sentJson === savedJson.current) return true;
    const typed = contentBody(sentDraft);
    if (id.current === null && !typed.title.trim()) {
      setState({ kind: 'needs-title' });
      return false;
    }
    const { body, held } = saveableBody(typed, savedBody.current);
    const heldCount = Object.keys(held).length;
    // Nothing new to store besides fields still held back: they stay named, nothing is sent.
    if (heldCount > 0 && savedBody.current && JSON.stringify(body) === JSON.stringify(savedBody.current)) {
      setFields(held);
      setState((s) => ({ kind: 'saved', at: s.kind === 'saved' ? s.at : new Date(), held: heldCount }));
      return false;
    }
    setState({ kind: 'saving' });
    try {
      const created = id.current === null;
      const detail = created
        ? await latest.current.create({ ...body, project_id: latest.current.projectId ?? 0 })
        : await latest.current.update(id.current!, { ...body, revision: revision.current });
      id.current = detail.id;
      revision.current = detail.revision;
      savedBody.current = body;
      // With a field held back, the draft as typed is not all stored: leaving still asks.
      const storedJson = heldCount === 0 ? sentJson : JSON.stringify(body);
      savedJson.current = storedJson;
      setFields(held);
      // The new quote's own address takes over with a new editor: this one stops here.
      if (created) stopped.current = 'handed-over';
      const upToDate = currentRef.current === sentJson || created;
      setState(upToDate ? { kind: 'saved', at: new Date(), held: heldCount } : { kind: 'pending' });
      latest.current.onSaved(detail, { created, savedJson: storedJson });
      return heldCount === 0;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'QUOTE_REVISION_CONFLICT') {
        stopped.current = 'conflict';
        setState({ kind: 'conflict' });
      } else if (error instanceof ApiError && error.code === 'QUOTE_EDIT_NOT_ALLOWED') {
        stopped.current = 'locked';
        setState({ kind: 'locked', error });
      } else {
        if (error instanceof ApiError) setFields(fieldsByKey(error.fields, sentDraft));
        setState({ kind: 'error', error });
      }
      return false;
    }
  }, []);

  /** Save now (after the save in flight, if any); true when the quote on the server is the draft. */
  const saveNow = useCallback(async (): Promise<boolean> => {
    while (inFlight.current) await inFlight.current;
    if (currentRef.current === savedJson.current) return stopped.current !== 'conflict' && stopped.current !== 'locked';
    const run = saveOnce().finally(() => {
      inFlight.current = null;
    });
    inFlight.current = run;
    return run;
  }, [saveOnce]);

  // Debounced save after each change.
  useEffect(() => {
    if (!enabled || stopped.current) return;
    if (current === savedJson.current) return;
    setState((s) => (s.kind === 'saving' ? s : { kind: 'pending' }));
    const timer = setTimeout(() => void saveNow(), delayMs);
    return () => clearTimeout(timer);
  }, [current, enabled, delayMs, saveNow]);

  // Leaving: the tab hidden or closed, or another screen opened.
  useEffect(() => {
    if (!enabled) return;
    const dirty = () => !stopped.current && currentRef.current !== savedJson.current;
    const onHide = () => {
      if (document.visibilityState === 'hidden' && dirty()) void saveNow();
    };
    const onUnload = (event: BeforeUnloadEvent) => {
      if (!dirty()) return;
      void saveNow();
      event.preventDefault();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('beforeunload', onUnload);
      if (dirty()) void saveNow();
    };
  }, [enabled, saveNow]);

  /**
   * Whether leaving now would lose something typed (read when a navigation starts): changes not
   * saved yet, or that cannot be saved (refused, conflict, no longer a draft). A new quote handed
   * over to its own editor has nothing left to lose here.
   */
  const unsaved = useCallback(() => latest.current.enabled && stopped.current !== 'handed-over' && currentRef.current !== savedJson.current, []);

  return { state, fields, saveNow, unsaved, dirty: current !== savedJson.current };
}

/** The body a JSON of the saved content holds, or null (a new quote's untouched start is one too). */
function parseBody(text: string): QuoteContentBody | null {
  try {
    return JSON.parse(text) as QuoteContentBody;
  } catch {
    return null;
  }
}
