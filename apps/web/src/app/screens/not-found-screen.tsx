import { ErrorPage } from './status-screens';

export default function NotFoundScreen() {
  return <ErrorPage kind="404" />;
}
