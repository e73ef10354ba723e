-- The GPS position of a site-log photo (issue 39 §2, decision 1231), read from its EXIF before the
-- metadata is dropped: shown to the professionals writing the journal and to the admin, never to
-- the client (the stored image carries no metadata at all). Decimal degrees, WGS 84; both or neither.
ALTER TABLE site_log_photos
  ADD COLUMN latitude double precision CHECK (latitude IS NULL OR latitude BETWEEN -90 AND 90),
  ADD COLUMN longitude double precision CHECK (longitude IS NULL OR longitude BETWEEN -180 AND 180),
  ADD CONSTRAINT site_log_photos_position_both CHECK ((latitude IS NULL) = (longitude IS NULL));
