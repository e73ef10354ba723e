/** What other features and the app shell may use from notifications (docs/decisions/0450, 0800–0803). */
export { NotificationCentre } from './components/notification-centre';
export { EmailChoicesSection } from './components/email-choices-section';
