import { Outlet } from 'react-router-dom';

/**
 * The staff area (docs/adr/0018-staff-back-office.md): nothing of the members' site around it (no top navigation, banners, footer or
 * modals); mf-staff draws its own layout and navigation.
 */
export function StaffLayout() {
  return (
    <div className="shell-layout shell-layout-staff" data-layout="staff">
      <Outlet />
    </div>
  );
}
