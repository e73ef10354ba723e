import { useCallback, useEffect, useState } from 'react';
import { Box, Center, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Document, Page } from 'react-pdf';
import './pdf-worker';
import { FIT_WIDTH, pageWidth, zoomIn, zoomOut } from '../model/zoom';
import { useLinkedDocument } from './use-linked-document';
import { ViewerError } from './viewer-error';
import { ViewerToolbar } from './viewer-toolbar';
import { usePinchZoom } from './use-pinch-zoom';

function Loading({ label }: { label: string }) {
  return (
    <Center py="xl" role="status">
      <Stack align="center" gap="xs">
        <Loader />
        <Text size="sm">{label}</Text>
      </Stack>
    </Center>
  );
}

/**
 * `/viewpdf?t=<token>` (decisions 0610–0612): a full page without menu, open to anyone holding a
 * valid link, logged in or not. pdf.js draws one page at a time at the screen's width times the zoom; two fingers zoom too.
 */
export default function PdfViewerScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { state, file, download, retry } = useLinkedDocument(params.get('t'));
  const [count, setCount] = useState(0);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(FIT_WIDTH);
  const [unreadable, setUnreadable] = useState(false);
  const { ref, width } = useElementSize<HTMLDivElement>();
  usePinchZoom(ref, zoom, setZoom);

  const goTo = useCallback((next: number) => setPage((current) => (count ? Math.min(Math.max(1, next), count) : current)), [count]);
  const onZoom = useCallback((action: 'in' | 'out' | 'fit') => setZoom((z) => (action === 'in' ? zoomIn(z) : action === 'out' ? zoomOut(z) : FIT_WIDTH)), []);

  useEffect(() => {
    if (!count) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (event.ctrlKey || event.metaKey || event.altKey || target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (event.key === 'PageDown') goTo(page + 1);
      else if (event.key === 'PageUp') goTo(page - 1);
      else if (event.key === '+' || event.key === '=') onZoom('in');
      else if (event.key === '-') onZoom('out');
      else if (event.key === '0') onZoom('fit');
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count, page, goTo, onZoom]);

  const name = state.status === 'ready' ? state.document.name : t('pdfViewer.title');
  return (
    <Stack gap={0} h="100dvh" data-testid="pdf-viewer">
      <Box px="sm" pt="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Title order={1} size="h4" lineClamp={1}>
          {name}
        </Title>
        <VisuallyHidden>{t('pdfViewer.keyboardHint')}</VisuallyHidden>
        <ViewerToolbar page={page} count={unreadable ? 0 : count} zoom={zoom} onPage={goTo} onZoom={onZoom} download={download} />
      </Box>
      {/* The document is drawn left to right whatever the language: only the controls are mirrored. */}
      <Box
        ref={ref}
        dir="ltr"
        style={{ flex: 1, overflow: 'auto', background: 'var(--mantine-color-gray-1)', touchAction: 'pan-x pan-y' }}
        data-testid="pdf-pages"
      >
        {state.status === 'loading' ? <Loading label={t('pdfViewer.loading')} /> : null}
        {state.status === 'error' ? <ViewerError error={state.error} onRetry={retry} /> : null}
        {unreadable ? <ViewerError error="unreadable" /> : null}
        {file && !unreadable ? (
          <Document
            file={file}
            onLoadSuccess={(pdf) => {
              setCount(pdf.numPages);
              setPage(1);
            }}
            onLoadError={() => setUnreadable(true)}
            loading={<Loading label={t('pdfViewer.loading')} />}
            error={<span />}
          >
            {count > 0 ? (
              <Box py="sm" style={{ width: 'max-content', minWidth: '100%', display: 'flex', justifyContent: 'center' }}>
                <Page
                  pageNumber={page}
                  width={pageWidth(Math.max(width - 16, 0) || 360, zoom)}
                  renderTextLayer={false}
                  renderAnnotationLayer={false}
                  loading={<Loading label={t('pdfViewer.pageLoading')} />}
                  className="pdf-viewer-page"
                />
              </Box>
            ) : null}
          </Document>
        ) : null}
      </Box>
    </Stack>
  );
}
