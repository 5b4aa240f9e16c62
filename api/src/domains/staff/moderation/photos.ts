// Photo moderation: the photos under inspection, approved or rejected through the photos service (the same as
// the `moderate` command), then the members' caches cleared on every node (`members.clearCache`, the bus), so the
// photo shows, or disappears, at once everywhere.
import { sql } from 'drizzle-orm';
import { staffPath, type StaffPendingPhoto } from '@dating/shared/contract/staff';
import { first, rows } from '../../../db/sql';
import { badInput, notFound } from '../../../lib/errors';
import type { Actor } from '../../audit';
import { iso, localeOf, siteOrigin, siteRef, type ModerationDeps } from './common';

export async function pendingPhotos(
  deps: ModerationDeps,
  site: number | undefined,
): Promise<StaffPendingPhoto[]> {
  const found = await rows<{
    id: number;
    user_id: number;
    name: string;
    email: string | null;
    language: string;
    site_id: number;
    filename: string;
    thumb_filename: string;
    created_at: Date | string;
  }>(
    deps.db,
    sql`SELECT ph.id, ph.user_id, p.name, u.email, u.language, u.site_id, ph.filename, ph.thumb_filename, ph.created_at
        FROM photos ph JOIN users u ON u.id = ph.user_id JOIN profiles p ON p.user_id = ph.user_id
        WHERE ph.status = 'inspection' AND (${site ?? null}::int IS NULL OR u.site_id = ${site ?? null})
        ORDER BY ph.created_at, ph.id LIMIT 200`,
  );
  return Promise.all(
    found.map(async (r) => ({
      id: r.id,
      member: { id: r.user_id, name: r.name, email: r.email, locale: localeOf(r.language) },
      site: await siteRef(deps, r.site_id),
      // Not public before approval: through the staff route (ADR 0024).
      url: staffPath('photoFile', r.id),
      thumb_url: `${staffPath('photoFile', r.id)}?size=thumb`,
      uploaded_at: iso(r.created_at),
    })),
  );
}

/** Approves a photo under inspection (audited by the photos service); 404 when there is none with this id. */
export async function approve(deps: ModerationDeps, photoId: number, actor: Actor & { name: string }) {
  const by = actor.name;
  const owner = await first<{ user_id: number }>(
    deps.db,
    sql`SELECT user_id FROM photos WHERE id = ${photoId} AND status = 'inspection'`,
  );
  if (!owner || !(await deps.photos.approve(photoId, `staff:${by}`.slice(0, 100), actor))) throw notFound();
  deps.members.clearCache();
  return owner;
}

/**
 * Rejects a photo under inspection (removed with its files, audited by the photos service) and mails the member
 * the reason.
 */
export async function reject(deps: ModerationDeps, photoId: number, reason: string, actor: Actor) {
  const text = reason.trim();
  if (!text) throw badInput('reason');
  const owner = await first<{
    user_id: number;
    email: string | null;
    language: string;
    site_id: number;
    name: string;
    domain: string;
  }>(
    deps.db,
    sql`SELECT ph.user_id, u.email, u.language, u.site_id, p.name, s.domain FROM photos ph
        JOIN users u ON u.id = ph.user_id JOIN profiles p ON p.user_id = ph.user_id JOIN sites s ON s.id = u.site_id
        WHERE ph.id = ${photoId} AND ph.status = 'inspection'`,
  );
  if (!owner || !(await deps.photos.reject(photoId, { actor, reason: text }))) throw notFound();
  deps.members.clearCache();
  if (owner.email) {
    await deps.mail.send({
      to: owner.email,
      template: 'photo_rejected',
      locale: localeOf(owner.language),
      siteId: owner.site_id,
      params: { name: owner.name, reason: text, link: `${await siteOrigin(deps, owner.site_id)}/settings` },
    });
  }
  return owner;
}
