/** The site-log module's public entry (docs/decisions/0450, 1231): the journal de chantier of a project. */
export { siteLogRoutes } from './routes';
export { siteLogActivity } from './project-activity';
export {
  citableEntries,
  citeAsReservationPhoto,
  forgetReservationPhoto,
  recordInvoiceJustification,
  reservationJournalPhotoFiles,
  reservationJournalPhotos,
  type ReservationJournalPhoto,
} from './citations';
