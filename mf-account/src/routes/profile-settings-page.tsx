import '../lib/i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCurrentUser, useGetSettingsQuery } from '@dating/shared';
import { Page, Section } from '../components/page';
import { BlockedMembers } from '../features/blocks/components/blocked-members';
import { DeleteAccount } from '../features/deletion/components/delete-account';
import { LanguagePicker } from '../features/language/components/language-picker';
import { MailChangeForm } from '../features/mail-change/components/mail-change-form';
import { PasswordChangeForm } from '../features/password/components/password-change-form';
import { PhotoManager } from '../features/photos/components/photo-manager';
import { InvisibleToggle } from '../features/profile/components/invisible-toggle';
import { ProfileForm } from '../features/profile/components/profile-form';
import type { RemoteComponent } from '@dating/shared/remotes';

/** `/profile`: own profile, photos and every account setting on one page, section by section. */
function ProfileSettingsPage() {
  const { t } = useTranslation('account');
  const user = useCurrentUser();
  const { data: settings } = useGetSettingsQuery();

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
          {t('needLogin')} <Link to="/login?redirect=/profile">{t('login.submit')}</Link>
        </p>
      </Page>
    );
  }

  return (
    <Page title={t('profile.title')} wide>
      <Section title={t('profile.photosTitle')} id="photos">
        <PhotoManager />
      </Section>
      <Section title={t('profile.detailsTitle')} id="details">
        <ProfileForm key={user.profile.id} user={user} minAge={settings?.min_age ?? 18} />
      </Section>
      <Section title={t('invisible.title')} id="invisible">
        <InvisibleToggle invisible={user.invisible} />
      </Section>
      <Section title={t('language.title')} id="language">
        <LanguagePicker idPrefix="profile-language" />
      </Section>
      <Section title={t('notifications.title')} id="notifications">
        <Link to="/notifications">{t('profile.notificationsLink')}</Link>
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
    </Page>
  );
}

// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default ProfileSettingsPage satisfies RemoteComponent<'mf_account/ProfileSettingsPage'>;
