import { useMutation } from '@tanstack/react-query';
import { sealVerificationRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

/** `GET /api/verification-signature/empreinte/{sha256}`: a pasted SHA-256 looked up, anonymous. */
export function useVerifyHash() {
  return useMutation({
    mutationFn: (sha256: string) => callEndpoint(sealVerificationRoutes.byHash, { params: { sha256: sha256.trim() } }),
  });
}
