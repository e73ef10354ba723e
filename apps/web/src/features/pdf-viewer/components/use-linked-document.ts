import { useEffect, useMemo, useState } from 'react';
import { fetchLinkedDocument, type LinkedDocument } from '../api/linked-document';

type LinkedState = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; document: LinkedDocument };

/** The document a viewer link designates, fetched once per token (and again on retry). */
export function useLinkedDocument(token: string | null) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LinkedState>({ status: 'loading' });
  useEffect(() => {
    if (!token) {
      setState({ status: 'error', error: 'missing' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchLinkedDocument(token, controller.signal).then(
      (document) => setState({ status: 'ready', document }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [token, attempt]);

  const document = state.status === 'ready' ? state.document : null;
  // The download keeps its own copy: pdf.js takes the buffer it is given to its worker.
  const download = useMemo(
    () => (document ? { href: URL.createObjectURL(new Blob([document.bytes.slice()], { type: 'application/pdf' })), name: document.name } : null),
    [document],
  );
  useEffect(() => () => (download ? URL.revokeObjectURL(download.href) : undefined), [download]);
  // react-pdf reloads whenever `file` changes identity: one object per fetched document.
  const file = useMemo(() => (document ? { data: document.bytes.slice() } : null), [document]);

  return { state, file, download, retry: () => setAttempt((n) => n + 1) };
}
