// Photo moderation (photos.ts) and the reports/complaints desk (cases.ts, update-case.ts). Approving or rejecting
// goes through the photos service (the same as the `moderate` command) and then clears the members' caches on
// every node (`members.clearCache`, the bus), so the photo shows, or disappears, at once everywhere.
import type {
  StaffCaseQuery,
  StaffCaseUpdate,
  StaffComplaint,
  StaffComplaintsResponse,
  StaffPendingPhoto,
  StaffReport,
  StaffReportsResponse,
} from '@dating/shared/contract/staff';
import type { Actor } from '../../audit';
import { complaints, reports, reportsOf } from './cases';
import type { ModerationDeps } from './common';
import { approve, pendingPhotos, reject } from './photos';
import { updateCase } from './update-case';

export type { ModerationDeps } from './common';

export function createStaffModeration(deps: ModerationDeps) {
  return {
    pendingPhotos: (site: number | undefined): Promise<StaffPendingPhoto[]> => pendingPhotos(deps, site),
    /** Approves a photo under inspection (the photos service audits it); 404 when there is none with this id. */
    approve: (photoId: number, actor: Actor & { name: string }) => approve(deps, photoId, actor),
    /** Rejects a photo under inspection (removed with its files, audited) and mails the member the reason. */
    reject: (photoId: number, reason: string, actor: Actor) => reject(deps, photoId, reason, actor),
    reports: (q: StaffCaseQuery): Promise<StaffReportsResponse> => reports(deps, q),
    /** Reports about the member and by the member (the member's page). */
    reportsOf: (userId: number): Promise<StaffReport[]> => reportsOf(deps, userId),
    complaints: (q: StaffCaseQuery): Promise<StaffComplaintsResponse> => complaints(deps, q),
    /**
     * A state change and/or a reply mailed to the reporter or complainant; the case's owner writes the audit row in
     * the same transaction. Answers the case before and after.
     */
    updateCase: <T extends 'report' | 'complaint'>(
      type: T,
      id: number,
      input: StaffCaseUpdate,
      actor: Actor & { id: number },
    ): Promise<{ before: CaseOf<T>; after: CaseOf<T> }> =>
      // `updateCase` reads the table `type` names: a report for 'report', a complaint for 'complaint'.
      updateCase(deps, type, id, input, actor) as Promise<{ before: CaseOf<T>; after: CaseOf<T> }>,
  };
}
/** The case a `type` names. */
type CaseOf<T extends 'report' | 'complaint'> = T extends 'report' ? StaffReport : StaffComplaint;
export type StaffModeration = ReturnType<typeof createStaffModeration>;
