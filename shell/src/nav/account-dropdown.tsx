import { useTranslation } from 'react-i18next';
import { Avatar, Dropdown, type User } from '@dating/shared';
import { useLogout } from '../session/logout';
import { PrefetchLink } from './prefetch-link';

/** My profile, settings, logout (docs/product/routes-and-layouts.md). Logout ends the server session, then the store forgets the member. */
export function AccountDropdown({ user }: { user: User }) {
  const { t } = useTranslation();
  const onLogout = useLogout();
  return (
    <Dropdown
      toggleClassName="btn btn-link nav-link px-1 d-flex align-items-center gap-1"
      label={
        <>
          {/* The avatar is a picture of the member, not a label: the toggle is named by its hidden text. */}
          <span aria-hidden="true">
            <Avatar profile={user.profile} size={30} />
          </span>
          <span className="visually-hidden">{t('nav.account')}</span>
        </>
      }
    >
      {(close) => (
        <>
          <li>
            <span className="dropdown-header">{user.profile.name}</span>
          </li>
          <li>
            <PrefetchLink className="dropdown-item" to="/profile" onClick={close}>
              {t('nav.myProfile')}
            </PrefetchLink>
          </li>
          <li>
            <PrefetchLink className="dropdown-item" to="/profile?tab=settings" onClick={close}>
              {t('nav.settings')}
            </PrefetchLink>
          </li>
          <li>
            <hr className="dropdown-divider" />
          </li>
          <li>
            <button
              type="button"
              className="dropdown-item"
              onClick={() => {
                close();
                void onLogout();
              }}
            >
              {t('nav.logout')}
            </button>
          </li>
        </>
      )}
    </Dropdown>
  );
}
