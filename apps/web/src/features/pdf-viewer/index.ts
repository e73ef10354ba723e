/** What other features may use from the PDF viewer (decision 0610): a button that opens a document in it. */
export { ViewDocumentButton } from './components/view-document-button';
/** The viewer's zoom, its buttons and its pinch, for the signing reader (decision 1205). */
export { ZoomControls, type ZoomAction } from './components/zoom-controls';
export { usePinchZoom } from './components/use-pinch-zoom';
export { FIT_WIDTH, pageWidth, pinchZoom, zoomIn, zoomOut } from './model/zoom';
