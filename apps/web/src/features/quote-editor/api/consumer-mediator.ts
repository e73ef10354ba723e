import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { quoteRoutes, type ConsumerMediatorBody } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

const mediatorKey = ['consumer-mediator'] as const;

/** `GET admin/mediateur`: the consumer mediator printed on consumer quotes (decision 1044). */
export function useConsumerMediator() {
  return useQuery({ queryKey: mediatorKey, queryFn: () => callEndpoint(quoteRoutes.getMediator) });
}

/** `PUT admin/mediateur`. */
export function useSaveConsumerMediator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsumerMediatorBody) => callEndpoint(quoteRoutes.saveMediator, { body }),
    onSuccess: (setting) => queryClient.setQueryData(mediatorKey, setting),
  });
}
