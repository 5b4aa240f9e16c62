import { PHOTO_MAX_BYTES, PHOTO_MIME_TYPES } from '@dating/shared';

export type PhotoProblem = 'type' | 'size';

/** A first check before uploading (the server checks the content again): saves a long upload that would fail. */
export function checkPhoto(file: File): PhotoProblem | null {
  if (!(PHOTO_MIME_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > PHOTO_MAX_BYTES) return 'size';
  return null;
}
