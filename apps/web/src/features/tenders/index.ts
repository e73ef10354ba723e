/** What other features may use from tenders (docs/decisions/0450): sections a project screen shows. */
export { AcceptedProfessionalsSection } from './components/accepted-professionals-section';
export { CreateTenderButton } from './components/create-tender-button';
export { TenderProgressLine } from './components/tender-progress-line';
