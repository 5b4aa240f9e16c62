// The reply queue's list: conversations whose last message is the member's, oldest first (the chat's query), with
// who holds each (staff's claims).
import { isLocale, type Locale } from '@dating/shared/contract/index';
import type { StaffQueueQuery, StaffQueueResponse } from '@dating/shared/contract/staff';
import { waitingConversations, waitingTotal, type WaitingConversationRow } from '../../chat';
import { mediaUrl } from '../../members';
import { claimsOn, iso, toClaim, type ClaimRow, type QueueDeps } from './common';

function toItem(
  r: WaitingConversationRow,
  claim: ClaimRow | undefined,
  site: { name: string; host: string } | undefined,
  me: number,
): StaffQueueResponse['items'][number] {
  return {
    conversation: r.id,
    site: { id: r.site_id, name: site?.name ?? '', host: site?.host ?? '' },
    locale: (isLocale(r.language) ? r.language : 'nl') as Locale,
    member: {
      id: r.member_id,
      name: r.member_name,
      thumb_url: r.member_thumb ? mediaUrl(r.member_thumb) : null,
    },
    fictional: {
      id: r.fictional_id,
      name: r.fictional_name,
      thumb_url: r.fictional_thumb ? mediaUrl(r.fictional_thumb) : null,
    },
    waiting_since: iso(r.waiting_since ?? r.last_at),
    last_message: { type: r.last_type, text: r.last_body, sent_at: iso(r.last_at) },
    claim: claim ? toClaim(claim, me) : null,
  };
}

export async function listQueue(
  deps: QueueDeps,
  q: StaffQueueQuery,
  me: number,
): Promise<StaffQueueResponse> {
  const filter = { site: q.site ?? null, locale: q.locale ?? null };
  const found = await waitingConversations(deps.db, filter, Math.min(q.limit ?? 50, 100));
  const claims = await claimsOn(
    deps.db,
    found.map((r) => r.id),
  );
  const total = await waitingTotal(deps.db, filter);
  const sites = new Map((await deps.sites.all()).map((s) => [s.id, s]));
  return { total, items: found.map((r) => toItem(r, claims.get(r.id), sites.get(r.site_id), me)) };
}
