import { useTranslation } from 'react-i18next';
import { NICHE_VARIANTS } from '@dating/shared';
import type { StaffSiteSettings } from '@dating/shared/contract/staff';
import { NS } from '../../../lib/i18n';
import { CREDIT_FIELDS } from '../lib/validate';
import { SiteField, SiteNumberInput, SiteTextInput, type SiteFormFields } from './site-field';

const NUMBER_FIELDS = [...CREDIT_FIELDS, 'message_length', 'refund_days', 'min_age'] as const;

/** Name, domain, niche and the mail sender's name. */
export function GeneralSection({ form }: { form: SiteFormFields }) {
  const { t } = useTranslation(NS);
  return (
    <fieldset className="mb-3">
      <legend className="h5">{t('sites.general')}</legend>
      <div className="row">
        <div className="col-md-6">
          <SiteTextInput form={form} name="name" label={t('sites.fields.name')} />
        </div>
        <div className="col-md-6">
          <SiteTextInput
            form={form}
            name="domain"
            label={t('sites.fields.domain')}
            help={t('sites.domainHelp')}
          />
        </div>
        <div className="col-md-6">
          <SiteField form={form} name="niche" label={t('sites.fields.niche')}>
            {(props) => (
              <select
                {...props}
                className={`form-select ${props.className}`}
                value={form.draft.niche}
                onChange={(e) => form.set('niche', Number(e.target.value) as StaffSiteSettings['niche'])}
              >
                {NICHE_VARIANTS.map((variant, index) => (
                  <option key={variant} value={index + 1}>
                    {t(`niches.${variant}`)}
                  </option>
                ))}
              </select>
            )}
          </SiteField>
        </div>
        <div className="col-md-6">
          <SiteTextInput form={form} name="mail_name" label={t('sites.fields.mail_name')} />
        </div>
      </div>
    </fieldset>
  );
}

/** What members pay in credits, the message length, the refund period and the minimum age. */
export function CostsSection({ form }: { form: SiteFormFields }) {
  const { t } = useTranslation(NS);
  return (
    <fieldset className="mb-3">
      <legend className="h5">{t('sites.costs')}</legend>
      <div className="row">
        {NUMBER_FIELDS.map((name) => (
          <div className="col-6 col-md-4" key={name}>
            <SiteNumberInput form={form} name={name} label={t(`sites.fields.${name}`)} />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** Who may sign up and search, the entry popup, and when photos are approved without a look. */
export function AccessSection({ form }: { form: SiteFormFields }) {
  const { t } = useTranslation(NS);
  const { draft, set } = form;
  return (
    <fieldset className="mb-3">
      <legend className="h5">{t('sites.access')}</legend>
      <div className="row">
        <div className="col-md-6">
          <SiteField form={form} name="signups" label={t('sites.fields.signups')}>
            {(props) => (
              <select
                {...props}
                className={`form-select ${props.className}`}
                value={draft.signups}
                onChange={(e) => set('signups', e.target.value as StaffSiteSettings['signups'])}
              >
                {(['all', 'with_trafficsource', 'none'] as const).map((value) => (
                  <option key={value} value={value}>
                    {t(`sites.signups.${value}`)}
                  </option>
                ))}
              </select>
            )}
          </SiteField>
        </div>
        <div className="col-md-6">
          <SiteField
            form={form}
            name="enable_site_entry_popup"
            label={t('sites.fields.enable_site_entry_popup')}
          >
            {(props) => (
              <select
                {...props}
                className={`form-select ${props.className}`}
                value={draft.enable_site_entry_popup}
                onChange={(e) => set('enable_site_entry_popup', e.target.value as 'yes' | 'no')}
              >
                <option value="yes">{t('common.yes')}</option>
                <option value="no">{t('common.no')}</option>
              </select>
            )}
          </SiteField>
        </div>
        {(['logged_out_search', 'logged_out_search_trafficsource'] as const).map((name) => (
          <div className="col-md-6" key={name}>
            <SiteField form={form} name={name} label={t(`sites.fields.${name}`)}>
              {(props) => (
                <select
                  {...props}
                  className={`form-select ${props.className}`}
                  value={draft[name]}
                  onChange={(e) => set(name, e.target.value as StaffSiteSettings[typeof name])}
                >
                  {(['none', 'other'] as const).map((value) => (
                    <option key={value} value={value}>
                      {t(`sites.search.${value}`)}
                    </option>
                  ))}
                </select>
              )}
            </SiteField>
          </div>
        ))}
        <div className="col-md-6">
          <SiteNumberInput
            form={form}
            name="photo_auto_approve_minutes"
            label={t('sites.fields.photo_auto_approve_minutes')}
            help={t('sites.photoReviewHelp')}
            min={0}
          />
        </div>
      </div>
    </fieldset>
  );
}

/** The support address and phone number members see. */
export function SupportSection({ form }: { form: SiteFormFields }) {
  const { t } = useTranslation(NS);
  return (
    <fieldset className="mb-3">
      <legend className="h5">{t('sites.support')}</legend>
      <div className="row">
        <div className="col-md-6">
          <SiteTextInput form={form} name="support_email" label={t('sites.fields.support_email')} />
        </div>
        <div className="col-md-6">
          <SiteTextInput form={form} name="support_phone" label={t('sites.fields.support_phone')} />
        </div>
      </div>
    </fieldset>
  );
}
