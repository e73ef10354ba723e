import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { sealVerificationRoutes } from '@ouvrage/contracts';
import { uploadToEndpoint } from '../../../lib/endpoint-client';

/** `POST /api/verification-signature` (multipart, field `file`), anonymous, with the upload's progress. */
export function useVerifySeal() {
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setProgress(0);
      const form = new FormData();
      form.append('file', file, file.name);
      return uploadToEndpoint(sealVerificationRoutes.verify, undefined, form, setProgress);
    },
  });
  return { ...mutation, progress };
}
