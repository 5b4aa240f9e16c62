import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router-dom';
import { useStaffLogoutMutation } from '../api/session';
import { NS } from '../lib/i18n';
import { useStaff } from '../lib/staff-context';

interface NavItem {
  to: string;
  label: string;
  admin?: boolean;
}

const ITEMS: NavItem[] = [
  { to: '', label: 'nav.dashboard' },
  { to: 'queue', label: 'nav.queue' },
  { to: 'photos', label: 'nav.photos' },
  { to: 'reports', label: 'nav.reports' },
  { to: 'complaints', label: 'nav.complaints' },
  { to: 'members', label: 'nav.members', admin: true },
  { to: 'sites', label: 'nav.sites', admin: true },
  { to: 'accounts', label: 'nav.accounts', admin: true },
  { to: 'rollouts', label: 'nav.rollouts' },
  { to: 'audit', label: 'nav.audit' },
];

/** The back office's own frame: a dark bar with the staff pages of the role, who is signed in, sign out. */
export function StaffLayout() {
  const { t } = useTranslation(NS);
  const { me, base } = useStaff();
  const [open, setOpen] = useState(false);
  const [logout, { isLoading }] = useStaffLogoutMutation();
  const items = ITEMS.filter((item) => !item.admin || me.role === 'admin');
  return (
    <div className="staff-app min-vh-100 d-flex flex-column bg-body-tertiary" data-testid="staff-app">
      <a href="#staff-main" className="visually-hidden-focusable position-absolute p-2 bg-white">
        {t('nav.skip')}
      </a>
      <header>
        <nav className="navbar navbar-expand-lg navbar-dark bg-dark" aria-label={t('nav.label')}>
          <div className="container-fluid">
            <span className="navbar-brand">{t('nav.brand')}</span>
            <button
              type="button"
              className="navbar-toggler"
              aria-controls="staff-nav"
              aria-expanded={open}
              aria-label={t('nav.toggle')}
              onClick={() => setOpen(!open)}
            >
              <span className="navbar-toggler-icon" />
            </button>
            <div id="staff-nav" className={`collapse navbar-collapse ${open ? 'show' : ''}`}>
              <ul className="navbar-nav me-auto">
                {items.map((item) => (
                  <li className="nav-item" key={item.to}>
                    <NavLink
                      to={item.to ? `${base}/${item.to}` : base}
                      end={!item.to}
                      className="nav-link"
                      onClick={() => setOpen(false)}
                    >
                      {t(item.label)}
                    </NavLink>
                  </li>
                ))}
              </ul>
              <div className="d-flex align-items-center gap-2 text-white-50 small">
                <span data-testid="staff-who">
                  {me.name} · {t(`roles.${me.role}`)}
                </span>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-light"
                  disabled={isLoading}
                  onClick={() => void logout()}
                >
                  {t('nav.logout')}
                </button>
              </div>
            </div>
          </div>
        </nav>
      </header>
      <main id="staff-main" className="container-fluid py-3 flex-grow-1">
        <Outlet />
      </main>
    </div>
  );
}
