// One conversation of the reply queue as the operator answers it: both profiles, the fictional one's album, the
// recent history as the member sees it (photos through staff's own route) and the gifts the reply may send.
import { isLocale, type Locale } from '@dating/shared/contract/index';
import { staffPath, STAFF_HISTORY_LIMIT, type StaffConversation } from '@dating/shared/contract/staff';
import { notFound } from '../../../lib/errors';
import { activePhotos, memberCards, type MemberCardRow } from '../../accounts';
import { MESSAGE_COLUMNS, MESSAGE_FROM, toGift, toMessage, type MessageRow } from '../../chat';
import { mediaUrl } from '../../members';
import { claimOf, iso, sides, type QueueDeps, type Sides } from './common';

const thumbUrl = (thumb: string | null) => (thumb ? mediaUrl(thumb) : null);
const age = (dob: string | null) =>
  dob ? Math.floor((Date.now() - new Date(dob).getTime()) / (365.25 * 86_400_000)) : null;

/** The member and the fictional profile of the conversation (accounts' cards); 404 when either is gone. */
async function people(
  deps: QueueDeps,
  c: Sides,
): Promise<{ member: MemberCardRow; fictional: MemberCardRow }> {
  const found = await memberCards(deps.db, [c.member_id, c.fictional_id]);
  const member = found.find((p) => p.id === c.member_id);
  const fictional = found.find((p) => p.id === c.fictional_id);
  if (!member || !fictional) throw notFound();
  return { member, fictional };
}

async function album(deps: QueueDeps, fictionalId: number) {
  const photos = await activePhotos(deps.db, fictionalId);
  return photos.map((p) => ({ id: p.id, url: mediaUrl(p.filename), thumb_url: mediaUrl(p.thumb_filename) }));
}

/** The newest STAFF_HISTORY_LIMIT messages, oldest first, seen from the fictional side; photos via staff's route. */
async function history(
  deps: QueueDeps,
  c: Sides,
  view: Parameters<typeof toMessage>[1],
): Promise<StaffConversation['messages']> {
  const found = await deps.raw.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE m.conversation_id = $1 ORDER BY m.id DESC LIMIT $2`,
    [c.id, STAFF_HISTORY_LIMIT],
  );
  return found.reverse().map((row) => {
    const message = toMessage(row, view);
    if (!message.photo) return message;
    const url = `${staffPath('chatPhoto', c.id)}?photo=${message.photo.id}`;
    return { ...message, photo: { ...message.photo, url, thumb_url: `${url}&size=thumb` } };
  });
}

export async function queueConversation(
  deps: QueueDeps,
  conversationId: number,
  me: number,
): Promise<StaffConversation> {
  const c = await sides(deps.db, conversationId);
  const site = await deps.sites.byId(c.site_id);
  const locale: Locale = isLocale(c.language) ? c.language : 'nl';
  const { member, fictional } = await people(deps, c);
  const photos = await album(deps, c.fictional_id);
  const giftRows = await deps.gifts.list();
  const giftCredits = site?.baseSettings.gift_credits ?? 0;
  const gifts = new Map(giftRows.map((g) => [g.id, g]));
  const messages = await history(deps, c, { viewer: c.fictional_id, locale, giftCredits, gifts });
  return {
    conversation: c.id,
    site: { id: c.site_id, name: site?.name ?? '', host: site?.host ?? '' },
    member: {
      id: member.id,
      name: member.name,
      thumb_url: thumbUrl(member.thumb),
      age: age(member.date_of_birth),
      gender: member.gender,
      country: member.country,
      city: member.city,
      about: member.about,
      locale,
      signup_date: iso(member.signup_date),
      paid_user: member.paid_user,
    },
    fictional: {
      id: fictional.id,
      name: fictional.name,
      thumb_url: thumbUrl(fictional.thumb),
      about: fictional.about,
      album: photos,
    },
    messages,
    gifts: giftRows.map((g) => toGift(g, locale, giftCredits)),
    claim: await claimOf(deps.db, c.id, me),
  };
}
