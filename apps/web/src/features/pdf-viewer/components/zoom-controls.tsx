import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { canZoomIn, canZoomOut, FIT_WIDTH } from '../model/zoom';
import { FitWidthIcon } from './chevron';

export type ZoomAction = 'in' | 'out' | 'fit';

/**
 * Zoom out, the zoom in per cent, zoom in, and back to the width (decision 0612): real buttons
 * with spoken names, for the viewer and the signing reader alike. `testId` prefixes the buttons'
 * test ids (`pdf` → `pdf-zoom-in`).
 */
export function ZoomControls({ zoom, ready, onZoom, testId = 'pdf' }: { zoom: number; ready: boolean; onZoom: (action: ZoomAction) => void; testId?: string }) {
  const { t } = useTranslation();
  const percent = Math.round(zoom * 100);
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('pdfViewer.zoomOut')}
        disabled={!ready || !canZoomOut(zoom)}
        onClick={() => onZoom('out')}
        data-testid={`${testId}-zoom-out`}
      >
        <span aria-hidden="true">−</span>
      </ActionIcon>
      <Text size="sm" miw={56} ta="center" aria-label={t('pdfViewer.zoomLevel', { percent })} data-testid={`${testId}-zoom`}>
        {t('pdfViewer.percent', { percent })}
      </Text>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('pdfViewer.zoomIn')}
        disabled={!ready || !canZoomIn(zoom)}
        onClick={() => onZoom('in')}
        data-testid={`${testId}-zoom-in`}
      >
        <span aria-hidden="true">+</span>
      </ActionIcon>
      <Tooltip label={t('pdfViewer.fitWidth')}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('pdfViewer.fitWidth')}
          disabled={!ready || zoom === FIT_WIDTH}
          onClick={() => onZoom('fit')}
          data-testid={`${testId}-fit`}
        >
          <FitWidthIcon />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
