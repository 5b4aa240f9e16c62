-- Smaller copies of a public photo for the first paint of landers: the widths made as WebP and
-- those where AVIF came out smaller, e.g. {"webp":[160,320,480],"avif":[160,320]}. The files are
-- `<filename without extension>_<width>.<webp|avif>` next to the photo (immutable keys). NULL: none made yet
-- (older photos), the original is used.
ALTER TABLE photos ADD COLUMN IF NOT EXISTS variants jsonb;
