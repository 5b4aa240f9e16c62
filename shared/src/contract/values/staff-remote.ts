/**
 * The seam between the shell and the staff remote (docs/adr/0018-staff-back-office.md). The shell knows only this prefix: it mounts
 * `mf_staff/StaffApp` at `${BACK_OFFICE_PATH}/*` and passes these props; every staff page is a route inside the
 * remote, so no member's bundle lists them.
 */
export const BACK_OFFICE_PATH = '/staff';

/** Props of the exposed `mf_staff/StaffApp`. */
export interface StaffAppProps {
  /** Where the shell mounted the app; the remote's links are built from it (default BACK_OFFICE_PATH). Optional
   * like every remote prop, so the shell's generic loader may render the module without props. */
  basePath?: typeof BACK_OFFICE_PATH;
}
