/** What other features may use from avenants (docs/decisions/0450, 1220): the quote page's section. */
export { AvenantsSection } from './components/avenants-section';
/** An avenant's status as a badge (a document card in a conversation, decision 1230 « References »). */
export { AvenantStatusBadge } from './components/avenant-status-badge';
