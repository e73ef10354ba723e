import { Button, Stack, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDownload, type FileRequest } from '../../lib/download';
import { ErrorAlert } from './error-alert';

export interface DownloadButtonProps {
  /** The file: its API path and the name to save it under (else the server's). */
  file: FileRequest;
  children: ReactNode;
  /** `open` shows the file in a new tab instead of saving it. */
  mode?: 'download' | 'open';
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  color?: ButtonProps['color'];
  /** The edge the error lines up with, under the button (a table's last column: `flex-end`). */
  align?: 'flex-start' | 'flex-end';
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * « PDF », « Télécharger »: one button that fetches a protected file (quote, invoice, credit note,
 * signed copy, proof, CSV) and saves or opens it, busy while it comes, its failure shown under it.
 */
export function DownloadButton({ file, children, mode = 'download', variant = 'default', size, color, align, ...rest }: DownloadButtonProps) {
  const { download, open, pending, error } = useDownload();
  return (
    <Stack gap={4} align={align}>
      <Button variant={variant} size={size} color={color} loading={pending} onClick={() => void (mode === 'open' ? open(file) : download(file))} {...rest}>
        {children}
      </Button>
      <ErrorAlert error={error} />
    </Stack>
  );
}
