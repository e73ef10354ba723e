import { useMutation } from '@tanstack/react-query';
import { bankTransferRoutes, type StatementLine } from '@ouvrage/contracts';
import { callEndpoint, uploadToEndpoint } from '../../../lib/endpoint-client';
import { transferKeys, useInvalidateTransfers } from './keys';

type LineStatus = StatementLine['status'];

/** `POST api/admin/releve-bancaire`: a CSV or CAMT.053 statement, with upload progress. */
export function useImportStatement(onProgress: (percent: number) => void) {
  const onSuccess = useInvalidateTransfers();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return uploadToEndpoint(bankTransferRoutes.importStatement, undefined, form, onProgress);
    },
    onSuccess,
  });
}

export const LINE_STATUSES = ['a_traiter', 'rapprochee', 'ignoree', 'doublon'] as const satisfies readonly LineStatus[];

/** `GET api/admin/releve-bancaire/lignes`: statement lines of a status, with their proposals. */
export function statementLinesQuery({ status, page, per_page }: { status: LineStatus; page: number; per_page: number }) {
  return {
    queryKey: transferKeys.lines(status, page),
    queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint(bankTransferRoutes.statementLines, { query: { status, page, per_page } }, { signal }),
  };
}

/** Confirm a line's match (`rapprocher`) or ignore it. */
export function useDecideLine() {
  const onSuccess = useInvalidateTransfers();
  return useMutation({
    mutationFn: (action: { kind: 'match'; lineId: number; invoiceId: number } | { kind: 'ignore'; lineId: number }) =>
      action.kind === 'match'
        ? callEndpoint(bankTransferRoutes.matchLine, { params: { id: action.lineId }, body: { invoice_id: action.invoiceId } })
        : callEndpoint(bankTransferRoutes.ignoreLine, { params: { id: action.lineId } }),
    onSuccess,
  });
}
