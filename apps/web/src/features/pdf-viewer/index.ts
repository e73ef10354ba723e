/** What other features may use from the PDF viewer (decision 0610): a button that opens a document in it. */
export { ViewDocumentButton } from './components/view-document-button';
