import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountingRoutes, type AccountingAccountsBody } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

const accountsKey = ['accounting-accounts'] as const;

/** `GET api/comptabilite/comptes`: the architect's account numbers for the FEC (decision 1210). */
export function useAccountingSettings(enabled = true) {
  return useQuery({ queryKey: accountsKey, queryFn: () => callEndpoint(accountingRoutes.getAccounts), enabled });
}

/** `PUT api/comptabilite/comptes`: save them. */
export function useSaveAccountingAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountingAccountsBody) => callEndpoint(accountingRoutes.saveAccounts, { body }),
    onSuccess: (settings) => queryClient.setQueryData(accountsKey, settings),
  });
}
