import { useEffect, useMemo, useState } from 'react';
import { Box, Center, Loader, Progress, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Document, Page } from 'react-pdf';
import './pdf-worker';

/**
 * The whole document to read before signing (decision 0648): every page one below the other in a
 * scrolling frame, drawn by pdf.js like the viewer. Each page counts as read once it was on
 * screen; `onProgress` says how many of how many.
 */
export function DocumentReader({ bytes, onProgress }: { bytes: Uint8Array; onProgress: (seen: number, count: number) => void }) {
  const { t } = useTranslation();
  const [count, setCount] = useState(0);
  const [seen, setSeen] = useState<ReadonlySet<number>>(new Set());
  const { ref: frame, width } = useElementSize<HTMLDivElement>();
  // pdf.js takes the buffer it is given to its worker: one copy per document.
  const file = useMemo(() => ({ data: bytes.slice() }), [bytes]);

  useEffect(() => onProgress(seen.size, count), [seen, count, onProgress]);

  useEffect(() => {
    const root = frame.current;
    if (!root || !count) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.filter((e) => e.isIntersecting).map((e) => Number((e.target as HTMLElement).dataset.page));
        if (visible.length) setSeen((prev) => (visible.every((p) => prev.has(p)) ? prev : new Set([...prev, ...visible])));
      },
      { root, threshold: 0.2 },
    );
    const watch = () => root.querySelectorAll('[data-page]').forEach((el) => observer.observe(el));
    watch();
    const mutations = new MutationObserver(watch);
    mutations.observe(root, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, [count, frame]);

  return (
    <Stack gap={4}>
      <Box
        ref={frame}
        dir="ltr"
        tabIndex={0}
        aria-label={t('signing.read.frame')}
        data-testid="signing-pages"
        style={{ height: 'min(70dvh, 720px)', overflow: 'auto', background: 'var(--mantine-color-gray-1)', borderRadius: 6 }}
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
          {Array.from({ length: count }, (_, i) => (
            <Box key={i} data-page={i + 1} py={6} style={{ display: 'flex', justifyContent: 'center', minHeight: 200 }}>
              <Page pageNumber={i + 1} width={Math.max((width || 360) - 24, 120)} renderTextLayer={false} renderAnnotationLayer={false} />
            </Box>
          ))}
        </Document>
      </Box>
      {count > 0 && (
        <Stack gap={2}>
          <Progress value={(seen.size / count) * 100} size="sm" aria-hidden="true" />
          <Text size="xs" c="dimmed" data-testid="signing-pages-read" aria-live="polite">
            {t('signing.read.progress', { seen: seen.size, count })}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
