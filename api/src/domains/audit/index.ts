// The audit domain: the one port every domain writes its audit row through (`staff_audit`, ADR 0018), in the
// transaction of the change it records, and the log staff read. It stands below every domain that acts for staff
// (payments, accounts, likes, sites, staff itself: ADR 0038), so none of them imports the staff domain for it.
export { createAudit, recordAudit, type Actor, type Audit, type AuditInput } from './audit';
export { updateCase, type CaseKind, type CaseState } from './cases';
export { actionsInLastDay, actionsInLastHour } from './queries';
