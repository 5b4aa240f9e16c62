import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ChatPhoto } from '@dating/shared/contract/index';
import type { RawDb } from '../../db/client';
import { processPhoto } from '../accounts';

export interface ChatPhotoRow {
  id: number;
  owner_id: number;
  filename: string;
  thumb_filename: string;
  width: number;
  height: number;
}

export const chatPhotoUrl = (id: number, thumb = false) =>
  `/api/chat-photo.php?id=${id}${thumb ? '&size=thumb' : ''}`;

export function toChatPhoto(row: Pick<ChatPhotoRow, 'id' | 'width' | 'height'>): ChatPhoto {
  return {
    id: row.id,
    url: chatPhotoUrl(row.id),
    thumb_url: chatPhotoUrl(row.id, true),
    width: row.width,
    height: row.height,
  };
}

/**
 * Photos sent in chat. Uploads go through the profile photos' pipeline (content check, EXIF rotation, re-encode,
 * no metadata kept) and are stored under `$DATA_DIR/chat-photos/`, which no static route serves: the only way to
 * a file is `GET /api/chat-photo.php`, which answers its owner and the members of a conversation it was sent in.
 */
export function createChatPhotosService(raw: RawDb, opts: { dir: string }) {
  return {
    async upload(ownerId: number, input: Buffer): Promise<ChatPhoto> {
      const processed = await processPhoto(input);
      await mkdir(opts.dir, { recursive: true });
      const name = randomBytes(16).toString('hex');
      const filename = `${name}.jpg`;
      const thumbFilename = `${name}_t.jpg`;
      await writeFile(path.join(opts.dir, filename), processed.full, { flag: 'wx', mode: 0o600 });
      await writeFile(path.join(opts.dir, thumbFilename), processed.thumb, { flag: 'wx', mode: 0o600 });
      try {
        const [row] = await raw.query<ChatPhotoRow>(
          `INSERT INTO chat_photos (owner_id, filename, thumb_filename, width, height) VALUES ($1, $2, $3, $4, $5)
           RETURNING id, width, height`,
          [ownerId, filename, thumbFilename, processed.width, processed.height],
        );
        return toChatPhoto(row!);
      } catch (err) {
        await Promise.all(
          [filename, thumbFilename].map((f) => unlink(path.join(opts.dir, f)).catch(() => undefined)),
        );
        throw err;
      }
    },

    /** One of my uploads, or undefined (unknown id) or 'not_mine'. */
    async ownedBy(ownerId: number, id: number): Promise<ChatPhotoRow | 'not_mine' | undefined> {
      const [row] = await raw.query<ChatPhotoRow>(
        'SELECT id, owner_id, filename, thumb_filename, width, height FROM chat_photos WHERE id = $1',
        [id],
      );
      if (!row) return undefined;
      return row.owner_id === ownerId ? row : 'not_mine';
    },

    /** The JPEG bytes for `viewer`, or null when the viewer may not see it (or it does not exist). */
    async read(viewer: number, id: number, thumb: boolean): Promise<Buffer | null> {
      const [row] = await raw.query<ChatPhotoRow>(
        `SELECT ph.id, ph.owner_id, ph.filename, ph.thumb_filename, ph.width, ph.height FROM chat_photos ph
         WHERE ph.id = $1 AND (ph.owner_id = $2 OR EXISTS (
           SELECT 1 FROM messages m JOIN conversations c ON c.id = m.conversation_id
           WHERE m.photo_id = ph.id AND (c.user_a = $2 OR c.user_b = $2)))`,
        [id, viewer],
        'chat_photo_for_viewer',
      );
      if (!row) return null;
      // Names are ours (random hex), never user input; basename is the belt to the braces.
      return readFile(path.join(opts.dir, path.basename(thumb ? row.thumb_filename : row.filename))).catch(
        () => null,
      );
    },
  };
}
export type ChatPhotosService = ReturnType<typeof createChatPhotosService>;
