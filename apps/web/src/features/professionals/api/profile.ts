import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Preferences, ProfessionalInfo, StatusRegister } from '@ouvrage/contracts';
import { api, fetchFileUrl, uploadWithProgress } from '../../../lib/api-client';

export type { Preferences, ProfessionalInfo, StatusRegister };

/** Whole enterprise profile (`get-info/{id}`). */
export function useProInfo(userId: number | undefined) {
  return useQuery({
    queryKey: ['pro-info', userId],
    queryFn: () => api.get<ProfessionalInfo>(`api/professionnel/get-info/${userId}`),
    enabled: !!userId,
  });
}

/** Validation state and checklist (`get-status-register/{id}`). */
export function useStatusRegister(userId: number | undefined) {
  return useQuery({
    queryKey: ['pro-status', userId],
    queryFn: () => api.get<StatusRegister>(`api/professionnel/get-status-register/${userId}`),
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
    mutationFn: (body: Record<string, unknown>) => api.patch<ProfessionalInfo>(`api/professionnel/store-details/${userId}`, body),
    onSuccess: (info) => {
      client.setQueryData(['pro-info', userId], info);
      invalidate();
    },
  });
}

export function usePreferences(userId: number | undefined) {
  return useQuery({
    queryKey: ['pro-preferences', userId],
    queryFn: () => api.get<Preferences>(`api/professionnel/get-preferences/${userId}`),
    enabled: !!userId,
  });
}

export function useSetPreferences(userId: number) {
  const invalidate = useInvalidateProfile(userId);
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Preferences) => api.patch<Preferences>(`api/professionnel/set-preferences/${userId}`, body),
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
      return uploadWithProgress<{ message: string }>(`api/professionnel/upload-logo/${userId}`, form);
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
      return uploadWithProgress<{ message: string }>(`api/professionnel/upload-certificate/${userId}?kind=${kind}`, form);
    },
    onSuccess: invalidate,
  });
}

/** The logo as a blob URL (protected file). */
export function useLogoUrl(userId: number | undefined, hasLogo: boolean) {
  return useQuery({
    queryKey: ['pro-logo', userId],
    queryFn: () => fetchFileUrl(`api/professionnel/logo/${userId}`),
    enabled: !!userId && hasLogo,
    staleTime: Infinity,
  });
}

export function openCertificate(userId: number, kind: 'decennale' | 'rc_pro') {
  return fetchFileUrl(`api/professionnel/certificate/${userId}?kind=${kind}`).then((url) => window.open(url, '_blank', 'noopener'));
}
