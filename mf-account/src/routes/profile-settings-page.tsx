import { useAccountTranslation } from '../lib/i18n';
import { Link, useSearchParams } from 'react-router-dom';
import { useCurrentUser, useGetSettingsQuery } from '@dating/shared';
import { Page, Section } from '../components/page';
import { BlockedMembers } from '../features/blocks/components/blocked-members';
import { DeleteAccount } from '../features/deletion/components/delete-account';
import { LanguagePicker } from '../features/language/components/language-picker';
import { MailChangeForm } from '../features/mail-change/components/mail-change-form';
import { NotificationPreferences } from '../features/notifications/components/notification-preferences';
import { PushSettings } from '../features/notifications/components/push-settings';
import { PasswordChangeForm } from '../features/password/components/password-change-form';
import { PhotoManager } from '../features/photos/components/photo-manager';
import { InvisibleToggle } from '../features/profile/components/invisible-toggle';
import { ProfileForm } from '../features/profile/components/profile-form';
import styles from '../components/page.module.scss';
import type { RemoteComponent } from '@dating/shared/remotes';

/** The sections of `/profile`, each with its own address so a link (a mail, an alert, an offer) opens it directly. */
export const PROFILE_SECTIONS = ['profile', 'photos', 'notifications', 'account'] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

/** `/profile?tab=…` → the section; the account menu's "settings" entry (`?tab=settings`) is the account section. */
export function profileSection(tab: string | null): ProfileSection {
  if (tab === 'settings') return 'account';
  return PROFILE_SECTIONS.find((section) => section === tab) ?? 'profile';
}

export function profileSectionPath(section: ProfileSection): string {
  return section === 'profile' ? '/profile' : `/profile?tab=${section}`;
}

/**
 * `/profile`: own profile, photos, notifications and account settings, one section at a time (all on one page it
 * was several phone screens long). The tabs are links, so each section has its own address.
 */
function ProfileSettingsPage() {
  const { t } = useAccountTranslation();
  const user = useCurrentUser();
  const { data: settings } = useGetSettingsQuery();
  const [params] = useSearchParams();
  const current = profileSection(params.get('tab'));

  if (user === undefined) {
    return (
      <Page title={t('profile.title')}>
        <div className="spinner-border" role="status" aria-label={t('loading')} />
      </Page>
    );
  }
  if (!user) {
    return (
      <Page title={t('profile.title')}>
        <p>
          {t('needLogin')}{' '}
          <Link to={`/login?redirect=${encodeURIComponent(profileSectionPath(current))}`}>
            {t('login.submit')}
          </Link>
        </p>
      </Page>
    );
  }

  return (
    <Page title={t('profile.title')} wide>
      <nav aria-label={t('profile.sectionsLabel')} className={styles.tabs}>
        <ul className="nav nav-pills">
          {PROFILE_SECTIONS.map((section) => (
            <li className="nav-item" key={section}>
              <Link
                className={`nav-link${section === current ? ' active' : ''}`}
                aria-current={section === current ? 'page' : undefined}
                to={profileSectionPath(section)}
                replace
              >
                {t(`profile.sections.${section}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {current === 'profile' && (
        <>
          <Section title={t('profile.detailsTitle')} id="details">
            <ProfileForm key={user.profile.id} user={user} minAge={settings?.min_age ?? 18} />
          </Section>
          <Section title={t('invisible.title')} id="invisible">
            <InvisibleToggle invisible={user.invisible} />
          </Section>
        </>
      )}
      {current === 'photos' && (
        <Section title={t('profile.photosTitle')} id="photos">
          <PhotoManager />
        </Section>
      )}
      {current === 'notifications' && (
        <Section title={t('notifications.title')} id="notifications">
          <p>{t('notifications.intro')}</p>
          <NotificationPreferences />
          <PushSettings />
        </Section>
      )}
      {current === 'account' && (
        <>
          <Section title={t('language.title')} id="language">
            <LanguagePicker idPrefix="profile-language" />
          </Section>
          <Section title={t('password.title')} id="password">
            <PasswordChangeForm />
          </Section>
          <Section title={t('mailChange.formTitle')} id="email">
            <MailChangeForm currentEmail={user.email} />
          </Section>
          <Section title={t('blocks.title')} id="blocked">
            <BlockedMembers />
          </Section>
          <Section title={t('delete.title')} id="delete">
            <DeleteAccount invisible={user.invisible} />
          </Section>
        </>
      )}
    </Page>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default ProfileSettingsPage satisfies RemoteComponent<'mf_account/ProfileSettingsPage'>;
