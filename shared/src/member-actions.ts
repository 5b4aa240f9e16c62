// `@dating/shared/member-actions`: the report and block dialogs that mf-members (profile) and mf-chat (conversation
// menu) both open. Not in the package's root index, so none of it reaches the shared chunk of a first load (`/`,
// the landers, `/login`): only the remotes that import this subpath bundle it, inside their own chunks.
// Everything it needs from the package (store hooks, i18n registry, Modal) comes through `@dating/shared`, so it
// uses the page's one instance of each.
export { MEMBER_ACTIONS_NS } from './member-actions/namespace';
export { ReportDialog, type ReportDialogProps } from './member-actions/report-dialog';
export { BlockDialog, type BlockDialogProps } from './member-actions/block-dialog';
