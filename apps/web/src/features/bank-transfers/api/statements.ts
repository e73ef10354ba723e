import { useMutation, useQuery } from '@tanstack/react-query';
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

/** `GET api/admin/releve-bancaire/lignes`: statement lines of a status, with their proposals. */
export function useStatementLines(status: LineStatus, page: number, perPage: number) {
  return useQuery({
    queryKey: transferKeys.lines(status, page),
    queryFn: () => callEndpoint(bankTransferRoutes.statementLines, { query: { status, page, per_page: perPage } }),
    placeholderData: (previous) => previous,
  });
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
