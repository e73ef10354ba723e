import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.layer.css';

/** Where the kit's notifications show: loaded after the first screen, with its own styles. */
export default function NotificationsHost() {
  return <Notifications position="top-center" />;
}
