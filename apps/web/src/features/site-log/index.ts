/** What other features may use from the site log (docs/decisions/0450, 1231): the project page's section. */
export { SiteLogSection } from './components/site-log-section';
/** An entry cited by another document (decision 1232): pickers, the link that opens it, its photos. */
export { JournalEntriesPicker, JournalEntryPicker } from './components/entry-picker';
export { CitedEntryLink } from './components/cited-entry-link';
export { EntryPhotos as JournalPhotos } from './components/entry-photos';
