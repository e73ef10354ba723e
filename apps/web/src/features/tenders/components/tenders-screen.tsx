import { Navigate } from 'react-router';
import { useCurrentUser } from '../../../lib/auth';
import { ProfessionalTenders } from './professional-tenders';
import { SentTenders } from './sent-tenders';

/** `/list-offre`: the admin's sent tenders, or a validated professional's tenders, projects and clients. */
export default function TendersScreen() {
  const user = useCurrentUser();
  if (!user) return <Navigate to="/login" replace />;
  return user.user_type === 'admin' ? <SentTenders /> : <ProfessionalTenders user={user} />;
}
