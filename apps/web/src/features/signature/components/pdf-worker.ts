import { pdfjs } from 'react-pdf';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * pdf.js's worker served by our own build (decision 0611), as in the viewer: set here too so the
 * signing screen's chunk does not reach into the viewer's internals (the value is the same URL).
 */
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
