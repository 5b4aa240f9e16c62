import { Outlet } from 'react-router-dom';
import { SignupModal } from '../banners/signup-modal';

/** Nothing around the page but its main landmark and the signup modal (docs/product/routes-and-layouts.md). */
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
