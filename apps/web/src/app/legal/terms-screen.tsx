import { LegalPage } from './legal-page';

export default function TermsScreen() {
  return <LegalPage page="terms" />;
}
