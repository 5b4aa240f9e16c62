import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { FREE_PHOTO_LIMIT, PREMIUM_PHOTO_LIMIT } from '@dating/shared/constants';
import type { OwnPhoto, PhotosResponse } from '@dating/shared/contract/index';
import type { Db, Tx } from '../../../db/client';
import { first, rows } from '../../../db/sql';
import { renderVariants, storeVariants, variantOwner, type PhotoVariants } from '../../../lib/image-variants';
import { ApiError, notFound } from '../../../lib/errors';
import type { ObjectStorage } from '../../../lib/storage';
import { IMMUTABLE } from '../../../lib/storage/http';
import { recordAudit, type Actor } from '../../audit';
import { toImage } from '../../members';
import { processPhoto } from '../../../lib/photo-process';

export { processPhoto, PHOTO_MAX_PIXELS } from '../../../lib/photo-process';

/**
 * The site setting that lets a photo nobody reviewed become public after this many minutes
 * (`sites.settings.photo_auto_approve_minutes`, edited in the back office's site form). Absent or 0, the default:
 * never, a photo is public only once staff approved it (docs/product/member-model.md, Photos).
 */
export const PHOTO_AUTO_APPROVE_SETTING = 'photo_auto_approve_minutes';
/** How often the approval job looks for photos due on sites that allow it (the setting counts in minutes). */
export const PHOTO_AUTO_APPROVE_INTERVAL_MS = 60_000;

interface PhotoRow {
  id: number;
  user_id: number;
  filename: string;
  thumb_filename: string;
  status: 'active' | 'inspection' | 'rejected';
  variants: PhotoVariants | null;
  created_at: Date | string;
  main: boolean;
}

export interface InspectionPhoto {
  id: number;
  user_id: number;
  name: string;
  email: string | null;
  filename: string;
  created_at: string;
}

const iso = (v: Date | string) => new Date(v).toISOString();
export const photoLimit = (paid: boolean) => (paid ? PREMIUM_PHOTO_LIMIT : FREE_PHOTO_LIMIT);

/** `photos.filename` of a photo not yet public: `private/photos/<hex>.jpg`, the storage key itself. */
export const PRIVATE_PHOTO_PREFIX = 'private/photos/';
/** The storage key of a `photos.filename`: private ones as they are, public ones under `media/` (the /media/ URL). */
export const photoKey = (filename: string) =>
  filename.startsWith(PRIVATE_PHOTO_PREFIX) ? filename : `media/${filename}`;
const JPEG = { contentType: 'image/jpeg' } as const;
/** An object younger than this is never an orphan: its row may be on its way. */
export const ORPHAN_GRACE_MS = 60 * 60_000;
const randomName = () => randomBytes(16).toString('hex');

/**
 * Member photos: objects in the storage (lib/storage), rows in `photos`, the main one in `profiles.main_photo_id`.
 * A new photo waits in 'inspection' for a moderator (staff, the `moderate` command), or where its site allows it
 * (`PHOTO_AUTO_APPROVE_SETTING`, off by default) until it has waited that long,
 * stored under `private/photos/<random>.jpg`, which only `/api/photo.php` (its owner) and the staff route serve,
 * never cacheable. Approval copies it to `media/photos/<new random>.jpg` (public, immutable, `/media/photos/…`)
 * and removes the private copy: the public name is new, so nothing learnt before approval leads to it
 * (docs/adr/0024-object-storage.md). Objects are written before their row and removed after it; what a failure
 * leaves behind is removed by `cleanupOrphans`.
 */
export function createPhotosService(
  db: Db,
  opts: { storage: ObjectStorage; log?: { warn(o: object, m: string): void } },
) {
  const { storage } = opts;

  /** Best effort: a failure leaves an orphan for `cleanupOrphans`, never an error for the member. */
  async function removeObjects(files: string[]) {
    await Promise.all(
      files.map((f) =>
        storage
          .delete(photoKey(f))
          .catch((err: unknown) => opts.log?.warn({ err, file: f }, 'photo object not removed')),
      ),
    );
  }

  /**
   * Makes one photo under inspection public: copies its objects to fresh public names, then switches the row in
   * one UPDATE that also checks it is still under inspection (a concurrent approval or deletion wins; then the
   * copies are removed again). false when there is no such photo under inspection.
   */
  async function publish(photoId: number, by: string, actor?: Actor): Promise<boolean> {
    const row = await first<{ filename: string; thumb_filename: string }>(
      db,
      sql`SELECT filename, thumb_filename FROM photos WHERE id = ${photoId} AND status = 'inspection'`,
    );
    if (!row) return false;
    let filename = row.filename;
    let thumbFilename = row.thumb_filename;
    const isPrivate = row.filename.startsWith(PRIVATE_PHOTO_PREFIX);
    if (isPrivate) {
      const name = randomName();
      filename = `photos/${name}.jpg`;
      thumbFilename = `photos/${name}_t.jpg`;
      const publicOpts = { ...JPEG, cacheControl: IMMUTABLE };
      await storage.copy(photoKey(row.filename), photoKey(filename), publicOpts);
      await storage.copy(photoKey(row.thumb_filename), photoKey(thumbFilename), publicOpts);
    }
    // Staff's approval is audited in the same transaction (the audit domain's port).
    const done = await db.transaction(async (tx) => {
      const updated = await first<{ id: number; user_id: number }>(
        tx,
        sql`UPDATE photos SET status = 'active', filename = ${filename}, thumb_filename = ${thumbFilename},
              reviewed_at = now(), reviewed_by = ${by}
            WHERE id = ${photoId} AND status = 'inspection' AND filename = ${row.filename} RETURNING id, user_id`,
      );
      if (updated && actor) {
        await recordAudit(tx, actor, {
          action: 'photo_approve',
          targetType: 'photo',
          targetId: photoId,
          before: { status: 'inspection', member: updated.user_id },
          after: { status: 'active' },
        });
      }
      return updated;
    });
    if (isPrivate) await removeObjects(done ? [row.filename, row.thumb_filename] : [filename, thumbFilename]);
    if (done) await addVariants(photoId, filename);
    return Boolean(done);
  }

  /**
   * Smaller WebP/AVIF copies of an approved photo for the landers' first paint (lib/image-variants.ts), written
   * before the row names them. Best effort: without them the original is shown.
   */
  async function addVariants(photoId: number, filename: string) {
    try {
      const found = await storage.get(photoKey(filename));
      if (!found) return;
      const chunks: Buffer[] = [];
      for await (const chunk of found.body) chunks.push(Buffer.from(chunk as Uint8Array));
      const variants = await storeVariants(storage, filename, await renderVariants(Buffer.concat(chunks)));
      await db.execute(
        sql`UPDATE photos SET variants = ${JSON.stringify(variants)}::jsonb WHERE id = ${photoId} AND filename = ${filename}`,
      );
    } catch (err) {
      opts.log?.warn({ err, photoId }, 'photo variants not made');
    }
  }

  /** After the main photo went away: the next photo (by position) becomes main, or none. */
  async function repairMain(tx: Db | Tx, userId: number) {
    await tx.execute(
      sql`UPDATE profiles SET main_photo_id = (
            SELECT id FROM photos WHERE user_id = ${userId} AND status <> 'rejected' ORDER BY position, id LIMIT 1),
            updated_at = now()
          WHERE user_id = ${userId}
            AND (main_photo_id IS NULL OR NOT EXISTS (SELECT 1 FROM photos WHERE id = profiles.main_photo_id AND status <> 'rejected'))`,
    );
  }

  /**
   * Publishes the photos under inspection that have waited as long as their member's site allows
   * (`PHOTO_AUTO_APPROVE_SETTING`); on a site without the setting (the default) nothing unreviewed ever is.
   */
  async function approveDue(now = new Date()): Promise<number> {
    const due = await rows<{ id: number }>(
      db,
      sql`SELECT ph.id FROM photos ph JOIN users u ON u.id = ph.user_id JOIN sites s ON s.id = u.site_id
          CROSS JOIN LATERAL (SELECT CASE WHEN jsonb_typeof(s.settings -> 'photo_auto_approve_minutes') = 'number'
            THEN (s.settings ->> 'photo_auto_approve_minutes')::numeric ELSE 0 END AS minutes) policy
          WHERE ph.status = 'inspection' AND policy.minutes > 0
            AND ph.created_at <= ${now.toISOString()}::timestamptz - policy.minutes * interval '1 minute'
          ORDER BY ph.id LIMIT 200`,
    );
    let n = 0;
    for (const { id } of due) if (await publish(id, 'auto')) n++;
    return n;
  }

  async function list(userId: number, paid: boolean): Promise<PhotosResponse> {
    await approveDue();
    const found = await rows<PhotoRow>(
      db,
      sql`SELECT ph.id, ph.user_id, ph.filename, ph.thumb_filename, ph.status, ph.variants, ph.created_at,
            (p.main_photo_id = ph.id) AS main
          FROM photos ph JOIN profiles p ON p.user_id = ph.user_id
          WHERE ph.user_id = ${userId} AND ph.status <> 'rejected' ORDER BY ph.position, ph.id`,
    );
    const photos: OwnPhoto[] = found.map((r) => ({
      ...toImage(r),
      main: Boolean(r.main),
      uploaded_at: iso(r.created_at),
    }));
    return { photos, limit: photoLimit(paid) };
  }

  return {
    list,
    approveDue,

    /** Checks, re-encodes and stores one upload; the first photo becomes the main image. */
    async upload(userId: number, paid: boolean, input: Buffer): Promise<PhotosResponse> {
      const limit = photoLimit(paid);
      const count = async () =>
        Number(
          (
            await first<{ n: number | string }>(
              db,
              sql`SELECT count(*) AS n FROM photos WHERE user_id = ${userId} AND status <> 'rejected'`,
            )
          )?.n ?? 0,
        );
      // Checked before the expensive decode, and again under the row lock below.
      if ((await count()) >= limit) throw new ApiError(403, 'photo_limit', { limit });
      const processed = await processPhoto(input);
      const name = randomName();
      const filename = `${PRIVATE_PHOTO_PREFIX}${name}.jpg`;
      const thumbFilename = `${PRIVATE_PHOTO_PREFIX}${name}_t.jpg`;
      // Objects first, then the row: a row never points at nothing. Storage down: 503, nothing kept.
      try {
        await storage.put(photoKey(filename), processed.full, JPEG);
        await storage.put(photoKey(thumbFilename), processed.thumb, JPEG);
      } catch (err) {
        await removeObjects([filename, thumbFilename]);
        throw err;
      }
      try {
        await db.transaction(async (tx) => {
          // Serialises concurrent uploads of one member so the limit holds.
          await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
          const n = Number(
            (
              await first<{ n: number | string }>(
                tx,
                sql`SELECT count(*) AS n FROM photos WHERE user_id = ${userId} AND status <> 'rejected'`,
              )
            )?.n ?? 0,
          );
          if (n >= limit) throw new ApiError(403, 'photo_limit', { limit });
          const row = await first<{ id: number }>(
            tx,
            sql`INSERT INTO photos (user_id, filename, thumb_filename, status, position, width, height)
                VALUES (${userId}, ${filename}, ${thumbFilename}, 'inspection',
                        (SELECT coalesce(max(position) + 1, 0) FROM photos WHERE user_id = ${userId}),
                        ${processed.width}, ${processed.height})
                RETURNING id`,
          );
          await tx.execute(
            sql`UPDATE profiles SET main_photo_id = ${row!.id}, updated_at = now()
                WHERE user_id = ${userId} AND main_photo_id IS NULL`,
          );
        });
      } catch (err) {
        await removeObjects([filename, thumbFilename]);
        throw err;
      }
      return list(userId, paid);
    },

    async setMain(userId: number, paid: boolean, photoId: number): Promise<PhotosResponse> {
      const row = await first<{ id: number }>(
        db,
        sql`UPDATE profiles SET main_photo_id = ${photoId}, updated_at = now()
            WHERE user_id = ${userId}
              AND EXISTS (SELECT 1 FROM photos WHERE id = ${photoId} AND user_id = ${userId} AND status <> 'rejected')
            RETURNING user_id AS id`,
      );
      if (!row) throw notFound();
      return list(userId, paid);
    },

    async remove(userId: number, paid: boolean, photoId: number): Promise<PhotosResponse> {
      const gone = await db.transaction(async (tx) => {
        const row = await first<{ filename: string; thumb_filename: string }>(
          tx,
          sql`DELETE FROM photos WHERE id = ${photoId} AND user_id = ${userId} RETURNING filename, thumb_filename`,
        );
        if (row) await repairMain(tx, userId);
        return row;
      });
      if (!gone) throw notFound();
      await removeObjects([gone.filename, gone.thumb_filename]);
      return list(userId, paid);
    },

    /** Moderation queue, oldest first. */
    async inspectionQueue(limit = 100): Promise<InspectionPhoto[]> {
      const found = await rows<{
        id: number;
        user_id: number;
        name: string;
        email: string | null;
        filename: string;
        created_at: Date | string;
      }>(
        db,
        sql`SELECT ph.id, ph.user_id, p.name, u.email, ph.filename, ph.created_at
            FROM photos ph JOIN users u ON u.id = ph.user_id JOIN profiles p ON p.user_id = ph.user_id
            WHERE ph.status = 'inspection' ORDER BY ph.created_at, ph.id LIMIT ${limit}`,
      );
      return found.map((r) => ({ ...r, created_at: iso(r.created_at) }));
    },

    /**
     * Approves a photo under inspection (made public under a new name); false when there is none. With `actor`
     * (the back office), the audit row `photo_approve` commits with the change.
     */
    approve: (photoId: number, by = 'operator', actor?: Actor): Promise<boolean> =>
      publish(photoId, by, actor),

    /**
     * A rejected photo is removed with its files; the next photo becomes main if it was the main one. With `by`
     * (the back office), the audit row `photo_reject` with the reason commits with the change.
     */
    async reject(photoId: number, by?: { actor: Actor; reason: string }): Promise<boolean> {
      const gone = await db.transaction(async (tx) => {
        const row = await first<{ user_id: number; filename: string; thumb_filename: string }>(
          tx,
          sql`DELETE FROM photos WHERE id = ${photoId} RETURNING user_id, filename, thumb_filename`,
        );
        if (row) await repairMain(tx, row.user_id);
        // Staff's rejection is audited in the same transaction (the audit domain's port).
        if (row && by) {
          await recordAudit(tx, by.actor, {
            action: 'photo_reject',
            targetType: 'photo',
            targetId: photoId,
            before: { status: 'inspection', member: row.user_id },
            after: { status: 'rejected', reason: by.reason },
          });
        }
        return row;
      });
      if (!gone) return false;
      await removeObjects([gone.filename, gone.thumb_filename]);
      return true;
    },

    /** Erasure: every photo row and file of a member. */
    async removeAllOf(userId: number): Promise<void> {
      const found = await rows<{ filename: string; thumb_filename: string }>(
        db,
        sql`SELECT filename, thumb_filename FROM photos WHERE user_id = ${userId}`,
      );
      await db.execute(sql`UPDATE profiles SET main_photo_id = NULL WHERE user_id = ${userId}`);
      await db.execute(sql`DELETE FROM photos WHERE user_id = ${userId}`);
      await removeObjects(found.flatMap((f) => [f.filename, f.thumb_filename]));
    },

    /** The storage key of a photo for its owner (any state), or null when it is not theirs. */
    async privateKeyFor(
      viewer: { userId?: number; staff?: boolean },
      photoId: number,
      thumb: boolean,
    ): Promise<{ key: string; status: string; publicUrl: string | null } | null> {
      const row = await first<{ user_id: number; filename: string; thumb_filename: string; status: string }>(
        db,
        sql`SELECT user_id, filename, thumb_filename, status FROM photos WHERE id = ${photoId}`,
      );
      if (!row || (!viewer.staff && row.user_id !== viewer.userId)) return null;
      const file = thumb ? row.thumb_filename : row.filename;
      return {
        key: photoKey(file),
        status: row.status,
        publicUrl: file.startsWith(PRIVATE_PHOTO_PREFIX) ? null : `/media/${file}`,
      };
    },

    /**
     * Removes photo objects no row points at (an upload or approval cut short by a failure), once they are older
     * than `graceMs` (so an upload between its objects and its row is never touched). Safe on several nodes.
     */
    async cleanupOrphans(now = new Date(), graceMs = ORPHAN_GRACE_MS): Promise<number> {
      const objects = [
        ...(await storage.list(PRIVATE_PHOTO_PREFIX)),
        ...(await storage.list('media/photos/')),
      ].filter((o) => !o.lastModified || o.lastModified.getTime() <= now.getTime() - graceMs);
      if (!objects.length) return 0;
      const files = objects.map((o) => (o.key.startsWith('media/') ? o.key.slice('media/'.length) : o.key));
      // A smaller copy (`photos/<name>_320.webp`, lib/image-variants.ts) lives as long as its photo `photos/<name>.jpg`.
      const owner = (f: string) => variantOwner(f) ?? f;
      const names = [...new Set(files.map(owner))];
      const known = await rows<{ f: string }>(
        db,
        sql`SELECT filename AS f FROM photos WHERE filename = ANY(${`{${names.join(',')}}`}::text[])
            UNION SELECT thumb_filename FROM photos WHERE thumb_filename = ANY(${`{${names.join(',')}}`}::text[])`,
      );
      const referenced = new Set(known.map((r) => r.f));
      const orphans = files.filter((f) => !referenced.has(owner(f)));
      await removeObjects(orphans);
      return orphans.length;
    },

    /**
     * Photos under inspection or rejected that still sit at a public key (stored before private keys existed):
     * moved to private keys, so `/media/` serves approved photos only. Run on start; cheap when there are none.
     */
    async privatiseLegacy(): Promise<number> {
      const found = await rows<{ id: number; filename: string; thumb_filename: string }>(
        db,
        sql`SELECT id, filename, thumb_filename FROM photos
            WHERE status <> 'active' AND filename NOT LIKE ${PRIVATE_PHOTO_PREFIX + '%'} ORDER BY id LIMIT 1000`,
      );
      let n = 0;
      for (const row of found) {
        const name = randomName();
        const filename = `${PRIVATE_PHOTO_PREFIX}${name}.jpg`;
        const thumbFilename = `${PRIVATE_PHOTO_PREFIX}${name}_t.jpg`;
        await storage.copy(photoKey(row.filename), filename, JPEG);
        await storage.copy(photoKey(row.thumb_filename), thumbFilename, JPEG);
        const done = await first<{ id: number }>(
          db,
          sql`UPDATE photos SET filename = ${filename}, thumb_filename = ${thumbFilename}
              WHERE id = ${row.id} AND filename = ${row.filename} RETURNING id`,
        );
        await removeObjects(done ? [row.filename, row.thumb_filename] : [filename, thumbFilename]);
        if (done) n++;
      }
      return n;
    },
  };
}
export type PhotosService = ReturnType<typeof createPhotosService>;
