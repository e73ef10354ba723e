import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { logout } from '../../../lib/auth';
import { ScreenLoader } from '../../../components/ui/screen-loader';

/** /logout: revoke the session, clear all session and local storage, go to / (spec §2). */
export default function LogoutScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    let active = true;
    void logout().then(() => {
      queryClient.clear();
      if (active) navigate('/', { replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate, queryClient]);
  return <ScreenLoader />;
}
