import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/auth';
import { ScreenLoader } from '../../components/ui/screen-loader';

/** /layout/RtlLayout switches the interface to Arabic, right to left (spec §2). */
export default function RtlLayoutScreen() {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  useEffect(() => {
    void i18n.changeLanguage('ar').then(() => navigate(user ? '/dashboard' : '/login', { replace: true }));
  }, [i18n, navigate, user]);
  return <ScreenLoader />;
}
