import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ChatPhoto } from '@dating/shared/contract/index';
import type { Db, RawDb } from '../../db/client';
import { rows } from '../../db/sql';
import type { ObjectStorage } from '../../lib/storage';
import { processPhoto } from '../../lib/photo-process';

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

/** Storage folder of chat photos (`chat-photos/<hex>.jpg`, the layout of `$DATA_DIR/chat-photos/`). */
export const CHAT_PHOTO_PREFIX = 'chat-photos/';
const JPEG = { contentType: 'image/jpeg' } as const;
/** An object younger than this is never an orphan: its row may be on its way. */
const ORPHAN_GRACE_MS = 60 * 60_000;

/**
 * Photos sent in chat. Uploads go through the profile photos' pipeline (content check, EXIF rotation, re-encode,
 * no metadata kept) and are stored in the object storage under `chat-photos/`, which no public route serves: the
 * only way to one is `GET /api/chat-photo.php` (its owner and the members of a conversation it was sent in) or the
 * staff's conversation route, both `private, no-store`. Objects are written before the row; a failure between
 * leaves an orphan that `cleanupOrphans` removes.
 */
export function createChatPhotosService(raw: RawDb, opts: { storage: ObjectStorage; db: Db }) {
  const { storage } = opts;
  const keyOf = (file: string) => CHAT_PHOTO_PREFIX + file;
  const remove = (files: string[]) =>
    Promise.all(files.map((f) => storage.delete(keyOf(f)).catch(() => undefined)));
  return {
    async upload(ownerId: number, input: Buffer): Promise<ChatPhoto> {
      const processed = await processPhoto(input);
      const name = randomBytes(16).toString('hex');
      const filename = `${name}.jpg`;
      const thumbFilename = `${name}_t.jpg`;
      // Storage down: a 503 (StorageUnavailableError), and nothing is kept.
      try {
        await storage.put(keyOf(filename), processed.full, JPEG);
        await storage.put(keyOf(thumbFilename), processed.thumb, JPEG);
      } catch (err) {
        await remove([filename, thumbFilename]);
        throw err;
      }
      try {
        const [row] = await raw.query<ChatPhotoRow>(
          `INSERT INTO chat_photos (owner_id, filename, thumb_filename, width, height) VALUES ($1, $2, $3, $4, $5)
           RETURNING id, width, height`,
          [ownerId, filename, thumbFilename, processed.width, processed.height],
        );
        return toChatPhoto(row!);
      } catch (err) {
        await remove([filename, thumbFilename]);
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

    /** The storage key of the photo for `viewer`, or null when the viewer may not see it (or it does not exist). */
    async keyFor(viewer: number, id: number, thumb: boolean): Promise<string | null> {
      const [row] = await raw.query<ChatPhotoRow>(
        `SELECT ph.id, ph.owner_id, ph.filename, ph.thumb_filename, ph.width, ph.height FROM chat_photos ph
         WHERE ph.id = $1 AND (ph.owner_id = $2 OR EXISTS (
           SELECT 1 FROM messages m JOIN conversations c ON c.id = m.conversation_id
           WHERE m.photo_id = ph.id AND (c.user_a = $2 OR c.user_b = $2)))`,
        [id, viewer],
        'chat_photo_for_viewer',
      );
      if (!row) return null;
      return keyOf(thumb ? row.thumb_filename : row.filename);
    },

    /** Removes chat-photo objects no row points at, older than `graceMs`. Safe on several nodes. */
    async cleanupOrphans(now = new Date(), graceMs = ORPHAN_GRACE_MS): Promise<number> {
      const files = (await storage.list(CHAT_PHOTO_PREFIX))
        .filter((o) => !o.lastModified || o.lastModified.getTime() <= now.getTime() - graceMs)
        .map((o) => o.key.slice(CHAT_PHOTO_PREFIX.length))
        .filter((f) => !f.includes('/'));
      if (!files.length) return 0;
      const list = `{${files.join(',')}}`;
      const known = await rows<{ f: string }>(
        opts.db,
        sql`SELECT filename AS f FROM chat_photos WHERE filename = ANY(${list}::text[])
            UNION SELECT thumb_filename FROM chat_photos WHERE thumb_filename = ANY(${list}::text[])`,
      );
      const referenced = new Set(known.map((r) => r.f));
      const orphans = files.filter((f) => !referenced.has(f));
      await remove(orphans);
      return orphans.length;
    },
  };
}
export type ChatPhotosService = ReturnType<typeof createChatPhotosService>;
