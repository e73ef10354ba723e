import { useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { Box, Center, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { useElementSize, useViewportSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Document, Page } from 'react-pdf';
import { FIT_WIDTH, pageWidth, usePinchZoom, ZoomControls, zoomIn, zoomOut, type ZoomAction } from '../../pdf-viewer';
import { pageWasRead, READ_THRESHOLDS } from '../model/page-read';
import './pdf-worker';

/**
 * On a phone (narrower than the side menu's breakpoint), how far the reader's box stands from the
 * screen's left and right edges: the frame stretches over them. Null on a wider screen.
 */
function usePhoneBleed() {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const { width } = useViewportSize();
  const [bleed, setBleed] = useState<{ left: number; right: number } | null>(null);
  useEffect(() => {
    if (!box || width === 0) return;
    const viewport = document.documentElement.clientWidth;
    if (viewport >= PHONE_MAX_WIDTH) {
      setBleed(null);
      return;
    }
    const { left, right } = box.getBoundingClientRect();
    setBleed({ left: Math.max(0, left), right: Math.max(0, viewport - right) });
  }, [box, width]);
  return { ref: setBox, bleed };
}

// The app shell's breakpoint (`sm`, 48em): below it there is no side menu beside the page.
const PHONE_MAX_WIDTH = 768;

/**
 * The whole document to read before signing (decisions 0648, 1205): every page one below the other
 * in a scrolling frame, drawn by pdf.js at the frame's width times the zoom (pdf.js sizes its canvas
 * for the screen's pixel density). On a phone the frame takes the screen's whole width. A page
 * counts as read once it was drawn and on screen (`pageWasRead`); `onProgress` says how many of how many.
 */
export function DocumentReader({ bytes, onProgress }: { bytes: Uint8Array; onProgress: (seen: number, count: number) => void }) {
  const { t } = useTranslation();
  const { ref: box, bleed } = usePhoneBleed();
  const [count, setCount] = useState(0);
  const [seen, setSeen] = useState<ReadonlySet<number>>(new Set());
  const [drawn, setDrawn] = useState<ReadonlySet<number>>(new Set());
  const [zoom, setZoom] = useState(FIT_WIDTH);
  const { ref: frame, width } = useElementSize<HTMLDivElement>();
  // pdf.js takes the buffer it is given to its worker: one copy per document.
  const file = useMemo(() => ({ data: bytes.slice() }), [bytes]);
  const onZoom = useCallback((action: ZoomAction) => setZoom((z) => (action === 'in' ? zoomIn(z) : action === 'out' ? zoomOut(z) : FIT_WIDTH)), []);
  usePinchZoom(frame, zoom, setZoom);

  useEffect(() => onProgress(seen.size, count), [seen, count, onProgress]);

  useEffect(() => {
    const root = frame.current;
    if (!root || !count) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const read = entries.filter(pageWasRead).map((e) => Number((e.target as HTMLElement).dataset.page));
        if (read.length) setSeen((prev) => (read.every((p) => prev.has(p)) ? prev : new Set([...prev, ...read])));
      },
      { root, threshold: READ_THRESHOLDS },
    );
    // A page is watched once pdf.js has drawn it: before, its empty box is short, and three of them
    // would fit the frame at once. Watching it then gives its first reading at once.
    const watch = () => root.querySelectorAll('[data-page][data-drawn]').forEach((el) => observer.observe(el));
    watch();
    const mutations = new MutationObserver(watch);
    mutations.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-drawn'] });
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, [count, frame]);

  // The frame has the focus: + and − zoom, 0 goes back to the width (as in the viewer).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const action: ZoomAction | null = event.key === '+' || event.key === '=' ? 'in' : event.key === '-' ? 'out' : event.key === '0' ? 'fit' : null;
    if (!action) return;
    event.preventDefault();
    onZoom(action);
  };

  // The page's width: the frame's, less a few pixels of margin, times the zoom.
  const pageSize = pageWidth(Math.max((width || 360) - 8, 0), zoom);
  const read = Math.min(seen.size, count);
  return (
    <Stack gap={4} ref={box}>
      <Group justify="flex-end" gap="xs">
        <ZoomControls zoom={zoom} ready={count > 0} onZoom={onZoom} testId="signing" />
      </Group>
      <Box
        ref={frame}
        dir="ltr"
        tabIndex={0}
        aria-label={t('signing.read.frame')}
        aria-keyshortcuts="+ - 0"
        data-testid="signing-pages"
        onKeyDown={onKeyDown}
        style={{
          // On a phone the frame reaches over the page's side margins: the document takes the screen's width.
          marginLeft: bleed ? -bleed.left : undefined,
          marginRight: bleed ? -bleed.right : undefined,
          borderRadius: bleed ? 0 : 6,
          height: 'min(70dvh, 720px)',
          overflow: 'auto',
          background: 'var(--mantine-color-gray-1)',
          touchAction: 'pan-x pan-y',
        }}
      >
        <Document
          file={file}
          onLoadSuccess={(pdf) => setCount(pdf.numPages)}
          loading={
            <Center py="xl">
              <Loader />
            </Center>
          }
          error={<Text c="red">{t('signing.read.unreadable')}</Text>}
        >
          <Box style={{ width: 'max-content', minWidth: '100%' }}>
            {Array.from({ length: count }, (_, i) => (
              <Box
                key={i}
                data-page={i + 1}
                data-drawn={drawn.has(i + 1) || undefined}
                py={4}
                style={{ display: 'flex', justifyContent: 'center', minHeight: 200 }}
              >
                <Page
                  pageNumber={i + 1}
                  width={pageSize}
                  renderTextLayer={false}
                  renderAnnotationLayer={false}
                  onRenderSuccess={() => setDrawn((prev) => (prev.has(i + 1) ? prev : new Set([...prev, i + 1])))}
                />
              </Box>
            ))}
          </Box>
        </Document>
      </Box>
      {count > 0 && (
        <Stack gap={2}>
          <Progress value={(read / count) * 100} size="sm" aria-hidden="true" />
          <Text size="sm" c="dimmed" data-testid="signing-pages-read" aria-live="polite">
            {/* French: « 0 page », « 1 page », « 2 pages ». */}
            {t(read > 1 ? 'signing.read.progressMany' : 'signing.read.progressOne', { seen: read, count })}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
