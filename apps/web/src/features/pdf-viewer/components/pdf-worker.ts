import { pdfjs } from 'react-pdf';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * pdf.js renders in a worker served by our own build (decision 0611): Vite copies the worker into
 * the bundle and gives its address; nothing is fetched from a CDN. react-pdf and pdfjs-dist are
 * pinned to the same pdf.js version (react-pdf 10.4 ↔ pdfjs-dist 5.4.296), as the worker requires.
 */
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
