import { useTranslation } from 'react-i18next';
import type { Locale } from '@dating/shared';
import type { StaffSiteSettings } from '@dating/shared/contract/staff';
import { NS } from '../../../lib/i18n';

/** How members would see the site with the form's values, in the chosen locale. */
export function SitePreview({ draft, locale }: { draft: StaffSiteSettings; locale: Locale }) {
  const { t } = useTranslation(NS);
  const texts = draft.texts[locale] ?? {};
  return (
    <div className="card position-sticky" style={{ top: '1rem' }} data-testid="site-preview">
      <div className="card-header" id="preview-heading">
        {t('sites.preview', { locale })}
      </div>
      <div className="card-body">
        <p className="small text-body-secondary mb-1">{draft.domain}</p>
        <p className="h5">{texts.index_title || draft.index_title || draft.name}</p>
        <p className="small">{texts.description || draft.description}</p>
        <ul className="small mb-2">
          <li>{t('sites.previewMessage', { credits: draft.message_credits })}</li>
          <li>{t('sites.previewPhoto', { credits: draft.photo_credits })}</li>
          <li>{t('sites.previewGift', { credits: draft.gift_credits })}</li>
          <li>{t('sites.previewSignup', { credits: draft.signup_credits })}</li>
          <li>{t(`sites.signups.${draft.signups}`)}</li>
        </ul>
        {texts.fictional_warning ? <p className="small fst-italic">{texts.fictional_warning}</p> : null}
        <p className="small mb-0">
          {draft.support_email} · {draft.support_phone}
        </p>
      </div>
    </div>
  );
}
