import { ErrorPage } from './status-screens';

export default function ServerErrorScreen() {
  return <ErrorPage kind="500" />;
}
