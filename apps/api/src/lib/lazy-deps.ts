/**
 * Heavy dependencies loaded on their first use rather than at start (decision 0863): the PDF and
 * image libraries took about a second of every start, and most starts render no document. Each
 * loader is an `import()` of the package, so the module is the one a static import gave (same
 * build, same types). Loaded once per process; a failed load is not kept (the next use tries
 * again) and its error names the package, so a missing or broken dependency says so on the first
 * request that needs it.
 */
export function lazyImport<T>(name: string, load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw new Error(`Impossible de charger la dépendance ${name} : ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    });
    return loading;
  };
}

/** pdfkit: draws the quotes, invoices, credit notes, reception reports and signature pages. */
export const loadPdfkit = lazyImport('pdfkit', async () => (await import('pdfkit')).default);
/** fontkit: parses the DejaVu fonts those documents embed. */
export const loadFontkit = lazyImport('fontkit', () => import('fontkit'));
/** @libpdf/core: opens, merges, signs and seals existing PDFs. */
export const loadLibPdf = lazyImport('@libpdf/core', () => import('@libpdf/core'));
/** sharp: resizes the uploaded logos and photos. */
export const loadSharp = lazyImport('sharp', async () => (await import('sharp')).default);
