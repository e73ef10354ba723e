import { useState } from 'react';
import { Anchor, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { SiteLogPhoto } from '@ouvrage/contracts';
import { ltr } from '../../../lib/bidi';
import { formatDateTime } from '../../../lib/format';
import { FullPhoto, PhotoThumbnail } from '../../../components/ui/protected-photo';

const THUMB = 96;

type Position = NonNullable<SiteLogPhoto['position']>;

/** The place on OpenStreetMap, marked, at street level. */
const mapUrl = ({ latitude, longitude }: Position) => `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=18/${latitude}/${longitude}`;
/** Decimal degrees as the EXIF gave them (6 places at most), the same in every language: what a map or a GPS takes. */
const coordinates = ({ latitude, longitude }: Position) => `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;

/**
 * Where the photo was taken (decision 1231): only the professionals and the admin get a position
 * from the API — the client never does, so nothing shows for them.
 */
function PhotoPosition({ photo, full = false }: { photo: SiteLogPhoto; full?: boolean }) {
  const { t } = useTranslation();
  if (!photo.position) return null;
  const place = coordinates(photo.position);
  return (
    <Anchor
      href={mapUrl(photo.position)}
      target="_blank"
      rel="noopener noreferrer"
      size={full ? 'sm' : 'xs'}
      title={t('siteLog.photos.positionTitle', { place })}
      data-testid={full ? 'site-log-photo-full-position' : `site-log-photo-position-${photo.id}`}
    >
      {full ? t('siteLog.photos.positionFull', { place: ltr(place) }) : t('siteLog.photos.position')}
    </Anchor>
  );
}

/** An entry's photos as thumbnails that wrap; a tap opens the photo in full (full screen on a phone). */
export function EntryPhotos({ photos, entryNumber }: { photos: SiteLogPhoto[]; entryNumber: number }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return null;
  const shown = open === null ? null : photos[open];
  return (
    <>
      <Group gap="xs" wrap="wrap" align="flex-start" data-testid="site-log-photos">
        {photos.map((photo, index) => (
          <Stack key={photo.id} gap={2} align="center" w={THUMB}>
            <PhotoThumbnail
              path={photo.thumbnail_url}
              size={THUMB}
              label={t('siteLog.photos.open', { index: index + 1, number: entryNumber })}
              testId={`site-log-photo-${photo.id}`}
              onOpen={() => setOpen(index)}
            />
            <PhotoPosition photo={photo} />
          </Stack>
        ))}
      </Group>
      <Modal
        opened={shown !== null}
        onClose={() => setOpen(null)}
        size="xl"
        fullScreen={phone}
        title={open === null ? '' : t('siteLog.photos.title', { index: open + 1, count: photos.length, number: entryNumber })}
        data-testid="site-log-photo-modal"
      >
        {shown && (
          <Stack gap="xs">
            <FullPhoto
              path={shown.url}
              alt=""
              width={shown.width}
              height={shown.height}
              testId="site-log-photo-full"
              loadingLabel={t('siteLog.photos.loading')}
              unavailable={t('siteLog.photos.unavailable')}
            />
            {shown.taken_at && (
              <Text size="sm" c="dimmed">
                {t('siteLog.photos.takenAt', { date: ltr(formatDateTime(shown.taken_at)) })}
              </Text>
            )}
            <PhotoPosition photo={shown} full />
          </Stack>
        )}
      </Modal>
    </>
  );
}
