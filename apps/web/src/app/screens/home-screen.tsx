import { Navigate } from 'react-router';
import { useCurrentUser } from '../../lib/auth';
import { FullPage } from '../../components/ui/full-page';
import { UnderConstruction } from './under-construction';

/** `/`: the start of a new project for a visitor or a client; other roles go to their dashboard. */
export default function HomeScreen() {
  const user = useCurrentUser();
  if (user && user.user_type !== 'client') return <Navigate to="/dashboard" replace />;
  return (
    <FullPage width={720}>
      <UnderConstruction titleKey="shell.pages.newProject" />
    </FullPage>
  );
}
