import { LegalPage } from './legal-page';

export default function PrivacyScreen() {
  return <LegalPage page="privacy" />;
}
