import { Outlet } from 'react-router-dom';
import { SignupModal } from '../banners/signup-modal';

/** Nothing around the page but the signup modal (SPEC §2). */
export function EmptyLayout() {
  return (
    <div className="shell-layout shell-layout-empty" data-layout="empty">
      <Outlet />
      <SignupModal />
    </div>
  );
}
