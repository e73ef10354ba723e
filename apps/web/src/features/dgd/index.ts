/** What other features may use from dgd (docs/decisions/0450, 1222): the quote page's section. */
export { DgdSection } from './components/dgd-section';
