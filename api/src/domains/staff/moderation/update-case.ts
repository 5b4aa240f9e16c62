// A report or complaint changed by staff: its state, and/or a reply mailed to the reporter (report) or to the
// complainant's address (complaint).
import type { StaffCaseUpdate } from '@dating/shared/contract/staff';
import type { Tx } from '../../../db/client';
import { badInput, notFound } from '../../../lib/errors';
import { complaintRecipient, complaintRow } from '../../accounts';
import { reportRecipient, reportRow } from '../../likes';
import { staffCaseReplies } from '../tables';
import { toComplaints, toReports } from './cases';
import type { Actor } from '../../audit';
import { localeOf, type ModerationDeps } from './common';

type CaseType = 'report' | 'complaint';
type Recipient = { email: string | null; language: string | null; name: string | null };

async function loadCase(deps: ModerationDeps, type: CaseType, id: number) {
  if (type === 'report') {
    const row = await reportRow(deps.db, id);
    return row && (await toReports(deps, [row]))[0];
  }
  const row = await complaintRow(deps.db, id);
  return row && (await toComplaints(deps, [row]))[0];
}
type Case = NonNullable<Awaited<ReturnType<typeof loadCase>>>;
type Site = Awaited<ReturnType<ModerationDeps['sites']['byId']>>;

/** Whom a reply goes to: the reporter, or the complainant's address (a member's name and language if any). */
function recipient(deps: ModerationDeps, type: CaseType, id: number): Promise<Recipient | undefined> {
  return type === 'report' ? reportRecipient(deps.db, id) : complaintRecipient(deps.db, id);
}

/** The reply's row and its mail, in the state change's transaction. */
async function storeReply(
  deps: ModerationDeps,
  tx: Tx,
  c: { type: CaseType; id: number; before: Case; staffId: number; reply: string; to: Recipient; site: Site },
) {
  const { type, id, before, reply, to, site } = c;
  await tx.insert(staffCaseReplies).values({ caseType: type, caseId: id, staffId: c.staffId, text: reply });
  await deps.mail.send(
    {
      to: to.email!,
      template: 'staff_reply',
      locale: localeOf(to.language ?? site?.defaultLocale),
      siteId: before.site.id,
      params: {
        ...(to.name ? { name: to.name } : {}),
        subject: type === 'complaint' && 'subject' in before && before.subject ? before.subject : `#${id}`,
        message: reply,
        link: `${site?.publicOrigin ?? `https://${before.site.host}`}/`,
      },
    },
    { tx },
  );
}

/**
 * The case's owner changes its state and writes the audit row (likes' `reports.update`, accounts'
 * `complaints.update`), in one transaction with the reply's row and mail; returns the case before and after.
 */
export async function updateCase(
  deps: ModerationDeps,
  type: CaseType,
  id: number,
  input: StaffCaseUpdate,
  actor: Actor & { id: number },
) {
  const reply = input.reply?.trim() || null;
  if (input.state === undefined && !reply) throw badInput('state');
  const before = await loadCase(deps, type, id);
  if (!before) throw notFound();
  const to = await recipient(deps, type, id);
  if (reply && !to?.email) throw badInput('reply');
  const site = await deps.sites.byId(before.site.id);
  await deps.db.transaction(async (tx) => {
    const change = { state: input.state, reply };
    const changed =
      type === 'report'
        ? await deps.reports.update(id, change, actor, tx)
        : await deps.accounts.complaints.update(id, change, actor, tx);
    if (!changed) throw notFound();
    if (reply) await storeReply(deps, tx, { type, id, before, staffId: actor.id, reply, to: to!, site });
  });
  if (reply) deps.mail.deliverSoon();
  return { before, after: (await loadCase(deps, type, id))! };
}
