import { Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { useProtectedImage } from '../../lib/protected-image';

/** A protected photo's thumbnail, square and cropped; a tap opens it (the caller's viewer). */
export function PhotoThumbnail({ path, size, label, testId, onOpen }: { path: string; size: number; label: string; testId: string; onOpen: () => void }) {
  const { url } = useProtectedImage(path);
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-label={label}
      data-testid={testId}
      style={{
        width: size,
        height: size,
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
        background: 'var(--mantine-color-gray-1)',
        display: 'grid',
        placeItems: 'center',
        flex: '0 0 auto',
      }}
    >
      {url ? <img src={url} alt="" width={size} height={size} style={{ objectFit: 'cover', display: 'block' }} /> : <Loader size="xs" />}
    </UnstyledButton>
  );
}

/** A protected photo in full, within the screen; its size is reserved while it loads when known. */
export function FullPhoto({
  path,
  alt,
  width,
  height,
  testId,
  loadingLabel,
  unavailable,
}: {
  path: string;
  alt: string;
  width?: number | null;
  height?: number | null;
  testId: string;
  loadingLabel: string;
  unavailable: string;
}) {
  const { url, failed } = useProtectedImage(path);
  if (failed) return <Text c="red">{unavailable}</Text>;
  if (!url)
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={loadingLabel} />
      </Group>
    );
  return (
    <img
      src={url}
      alt={alt}
      width={width ?? undefined}
      height={height ?? undefined}
      data-testid={testId}
      style={{ display: 'block', maxWidth: '100%', height: 'auto', maxHeight: '80vh', marginInline: 'auto', objectFit: 'contain' }}
    />
  );
}
