import { Outlet } from 'react-router-dom';
import { SignupModal } from '../banners/signup-modal';

/** Nothing around the page but its main landmark and the signup modal (SPEC §2). */
export function EmptyLayout() {
  return (
    <div className="shell-layout shell-layout-empty" data-layout="empty">
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SignupModal />
    </div>
  );
}
