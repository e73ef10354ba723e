import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  professionalLines,
  professionalRoutes,
  type EndpointBody,
  type Preferences,
  type ProfessionalInfo,
  type RouteEndpoint,
  type StatusRegister,
} from '@ouvrage/contracts';
import { fetchFileUrl } from '../../../lib/api-client';
import { callEndpoint, endpointUrl, uploadToEndpoint } from '../../../lib/endpoint-client';

export type { Preferences, ProfessionalInfo, StatusRegister };
/** The sections of `store-details/{id}` a screen sends (each optional). */
export type StoreDetailsInput = EndpointBody<RouteEndpoint<typeof professionalRoutes.saveEnterprise>>;

/** Whole enterprise profile (`get-info/{id}`). */
export function useProInfo(userId: number | undefined) {
  return useQuery({
    queryKey: ['pro-info', userId],
    queryFn: () => callEndpoint(professionalRoutes.getEnterprise, { params: { id: userId! } }),
    enabled: !!userId,
  });
}

/** Validation state and checklist (`get-status-register/{id}`). */
export function useStatusRegister(userId: number | undefined) {
  return useQuery({
    queryKey: ['pro-status', userId],
    queryFn: () => callEndpoint(professionalRoutes.registrationStatus, { params: { id: userId! } }),
    enabled: !!userId,
  });
}

function useInvalidateProfile(userId: number) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['pro-info', userId] });
    void client.invalidateQueries({ queryKey: ['pro-status', userId] });
  };
}

/** Save one or several sections (`store-details/{id}`). */
export function useStoreDetails(userId: number) {
  const invalidate = useInvalidateProfile(userId);
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreDetailsInput) => callEndpoint(professionalRoutes.saveEnterprise, { params: { id: userId }, body }),
    onSuccess: (info) => {
      client.setQueryData(['pro-info', userId], info);
      invalidate();
    },
  });
}

export function usePreferences(userId: number | undefined) {
  return useQuery({
    queryKey: ['pro-preferences', userId],
    queryFn: () => callEndpoint(professionalRoutes.getPreferences, { params: { id: userId! } }),
    enabled: !!userId,
  });
}

export function useSetPreferences(userId: number) {
  const invalidate = useInvalidateProfile(userId);
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Preferences) => callEndpoint(professionalRoutes.savePreferences, { params: { id: userId }, body }),
    onSuccess: (prefs) => {
      client.setQueryData(['pro-preferences', userId], prefs);
      invalidate();
    },
  });
}

/** Logo (image, resized by the server) and insurance certificates (PDF or image). */
export function useUploadLogo(userId: number) {
  const invalidate = useInvalidateProfile(userId);
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('logo', file);
      return uploadToEndpoint(professionalRoutes.uploadLogo, { id: userId }, form);
    },
    onSuccess: () => {
      invalidate();
      void client.invalidateQueries({ queryKey: ['pro-logo', userId] });
    },
  });
}

export function useUploadCertificate(userId: number) {
  const invalidate = useInvalidateProfile(userId);
  return useMutation({
    mutationFn: ({ kind, file }: { kind: 'decennale' | 'rc_pro'; file: File }) => {
      const form = new FormData();
      form.append('certificate', file);
      return uploadToEndpoint(professionalRoutes.uploadCertificate, { id: userId }, form, undefined, { kind });
    },
    onSuccess: invalidate,
  });
}

/** The logo as a blob URL (protected file). */
export function useLogoUrl(userId: number | undefined, hasLogo: boolean) {
  return useQuery({
    queryKey: ['pro-logo', userId],
    queryFn: () => fetchFileUrl(endpointUrl(professionalLines.logoFile, { params: { id: userId! } })),
    enabled: !!userId && hasLogo,
    staleTime: Infinity,
  });
}

export function openCertificate(userId: number, kind: 'decennale' | 'rc_pro') {
  return fetchFileUrl(endpointUrl(professionalLines.certificateFile, { params: { id: userId }, query: { kind } })).then((url) =>
    window.open(url, '_blank', 'noopener'),
  );
}
