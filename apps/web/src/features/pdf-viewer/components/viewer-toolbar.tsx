import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Chevron } from './chevron';
import { ZoomControls, type ZoomAction } from './zoom-controls';

export interface ViewerToolbarProps {
  page: number;
  /** Pages in the document; 0 while it loads. */
  count: number;
  zoom: number;
  onPage: (page: number) => void;
  onZoom: (action: ZoomAction) => void;
  /** The download's object URL and file name, once the bytes are here. */
  download: { href: string; name: string } | null;
}

/**
 * Pages (previous, next, « Page n / N »), zoom (out, in, fit width) and download. Every control is
 * a real button with a spoken name; the row follows the reading direction, so in Arabic « next »
 * sits on the left with its chevron pointing left, while the page itself is never mirrored.
 */
export function ViewerToolbar({ page, count, zoom, onPage, onZoom, download }: ViewerToolbarProps) {
  const { t } = useTranslation();
  const ready = count > 0;
  return (
    <Group role="toolbar" aria-label={t('pdfViewer.toolbar')} justify="space-between" gap="xs" wrap="wrap" p="xs" data-testid="pdf-toolbar">
      <Group gap={4} wrap="nowrap">
        <Tooltip label={t('pdfViewer.previous')}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('pdfViewer.previous')}
            disabled={!ready || page <= 1}
            onClick={() => onPage(page - 1)}
            data-testid="pdf-previous"
          >
            <Chevron towards="start" />
          </ActionIcon>
        </Tooltip>
        <Text size="sm" aria-live="polite" miw={90} ta="center" data-testid="pdf-page">
          {ready ? t('pdfViewer.pageOf', { page, count }) : '…'}
        </Text>
        <Tooltip label={t('pdfViewer.next')}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('pdfViewer.next')}
            disabled={!ready || page >= count}
            onClick={() => onPage(page + 1)}
            data-testid="pdf-next"
          >
            <Chevron towards="end" />
          </ActionIcon>
        </Tooltip>
      </Group>
      <ZoomControls zoom={zoom} ready={ready} onZoom={onZoom} />
      {/* Until the file is there, a real disabled button: a link cannot be disabled for assistive technologies. */}
      {download ? (
        <Button component="a" href={download.href} download={download.name} size="sm" data-testid="pdf-download">
          {t('pdfViewer.download')}
        </Button>
      ) : (
        <Button size="sm" disabled data-testid="pdf-download">
          {t('pdfViewer.download')}
        </Button>
      )}
    </Group>
  );
}
