import { useEffect, useState } from 'react';
import { fetchFileUrl } from './api-client';

/**
 * A protected file (a photo, a thumbnail, a logo) fetched with the session, as a blob URL that is
 * revoked once it is no longer shown. `null` fetches nothing. While a new path loads, the previous
 * path's image is not shown.
 */
export function useProtectedImage(path: string | null): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ path: string | null; url: string | null; failed: boolean }>({ path: null, url: null, failed: false });
  useEffect(() => {
    if (!path) return undefined;
    let gone = false;
    let created: string | null = null;
    fetchFileUrl(path)
      .then((url) => {
        created = url;
        if (gone) URL.revokeObjectURL(url);
        else setState({ path, url, failed: false });
      })
      .catch(() => {
        if (!gone) setState({ path, url: null, failed: true });
      });
    return () => {
      gone = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [path]);
  return state.path === path ? { url: state.url, failed: state.failed } : { url: null, failed: false };
}
