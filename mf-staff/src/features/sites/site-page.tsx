import { Fragment, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ErrorAlert, LOCALES, NICHE_VARIANTS, Spinner, toDisplayError, type Locale } from '@dating/shared';
import type { StaffSite, StaffSiteSettings, StaffSiteTexts } from '@dating/shared/contract/staff';
import { useSiteQuery, useSiteUpdateMutation } from '../../api/staff-api';
import { useFormat } from '../../lib/format';
import { NS } from '../../lib/i18n';
import { useStaff } from '../../lib/staff-context';
import { PageTitle } from '../../ui/page-title';
import { changedSettings, CREDIT_FIELDS, validateSettings } from './validate';

const TEXT_FIELDS = [
  'index_title',
  'description',
  'fictional_warning',
  'fictional_singular',
  'fictional_plural',
] as const;
const NUMBER_FIELDS = [...CREDIT_FIELDS, 'message_length', 'refund_days', 'min_age'] as const;

/** The settings of one site (docs/product/sites-and-landers.md): validation per field, a preview, and the 'record changed' conflict. */
export default function SitePage() {
  const { t } = useTranslation(NS);
  const id = Number(useParams().id);
  const site = useSiteQuery(id);
  // The form starts afresh for each version, so 'saved' is remembered here, by the version the save produced.
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  if (site.isLoading) return <Spinner block label={t('common.loading')} />;
  if (!site.data) return <ErrorAlert error={site.error} />;
  // A new version (a save, or a reload after a conflict) starts a fresh form.
  return (
    <SiteForm
      key={site.data.version}
      site={site.data}
      saved={savedVersion === site.data.version}
      onSaved={setSavedVersion}
      refetch={() => void site.refetch()}
    />
  );
}

function SiteForm({
  site,
  saved,
  onSaved,
  refetch,
}: {
  site: StaffSite;
  saved: boolean;
  onSaved(version: number): void;
  refetch(): void;
}) {
  const { t } = useTranslation(NS);
  const { base } = useStaff();
  const format = useFormat();
  const [draft, setDraft] = useState<StaffSiteSettings>(site.settings);
  const [locale, setLocale] = useState<Locale>('nl');
  const [tried, setTried] = useState(false);
  const [update, { isLoading, error }] = useSiteUpdateMutation();
  const server = toDisplayError(error);
  const conflict = server?.code === 'record_changed';
  const changes = changedSettings(site.settings, draft);
  const dirty = Object.keys(changes).length > 0;
  const changed = changesFlat(changes);
  const local = Object.fromEntries(
    Object.entries(validateSettings(draft)).filter(([name]) => name in changed),
  );

  const set = <K extends keyof StaffSiteSettings>(key: K, value: StaffSiteSettings[K]) =>
    setDraft((old) => ({ ...old, [key]: value }));
  const setText = (field: keyof StaffSiteTexts, value: string) =>
    setDraft((old) => {
      const texts: StaffSiteTexts = { ...old.texts[locale] };
      if (value) texts[field] = value;
      else delete texts[field];
      return { ...old, texts: { ...old.texts, [locale]: texts } };
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(local).length > 0 || !dirty) return;
    const result = await update({ id: site.site.id, version: site.version, settings: changes });
    if (result.data) onSaved(result.data.version);
  };

  /** The message under a field: the form's own check once the staff member tried to save, or the server's. */
  const messageFor = (field: string): string | undefined => {
    const own = local[field];
    if (own) return t(`sites.errors.${own.key}`, own.values);
    if (server?.field === field) return server.message ?? undefined;
    return undefined;
  };

  const field = (
    name: string,
    label: string,
    input: (props: {
      id: string;
      className: string;
      'aria-invalid': boolean;
      'aria-describedby'?: string;
    }) => React.ReactNode,
    help?: string,
  ) => {
    const message = messageFor(name);
    const id = `site-${name.replace(/\./g, '-')}`;
    return (
      <div className="mb-3">
        <label htmlFor={id} className="form-label">
          {label}
        </label>
        {input({
          id,
          className: message ? 'is-invalid' : '',
          'aria-invalid': !!message,
          'aria-describedby': message ? `${id}-error` : help ? `${id}-help` : undefined,
        })}
        {message ? (
          <div id={`${id}-error`} className="invalid-feedback d-block" data-testid={`error-${name}`}>
            {message}
          </div>
        ) : null}
        {help && !message ? (
          <div id={`${id}-help`} className="form-text">
            {help}
          </div>
        ) : null}
      </div>
    );
  };

  const textInput = (
    name: 'name' | 'domain' | 'mail_name' | 'support_email' | 'support_phone' | 'index_title' | 'description',
    label: string,
    help?: string,
  ) =>
    field(
      name,
      label,
      (props) => (
        <input
          {...props}
          className={`form-control ${props.className}`}
          value={draft[name]}
          onChange={(e) => set(name, e.target.value)}
        />
      ),
      help,
    );

  return (
    <>
      <PageTitle
        actions={
          <Link to={`${base}/sites`} className="btn btn-sm btn-outline-secondary">
            {t('sites.back')}
          </Link>
        }
      >
        {t('sites.editTitle', { name: site.site.name })}
      </PageTitle>
      <p className="small text-body-secondary">
        {t('sites.lastSaved', {
          version: site.version,
          at: format.dateTime(site.updated_at),
          by: site.updated_by ?? '–',
        })}
      </p>
      <div className="row g-4">
        <form
          className="col-lg-8"
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-labelledby="site-form-heading"
        >
          <h2 id="site-form-heading" className="visually-hidden">
            {t('sites.form')}
          </h2>
          {conflict ? (
            <div className="alert alert-warning" role="alert" data-testid="site-conflict">
              <p className="mb-2">{server?.message ?? t('sites.conflict')}</p>
              <button type="button" className="btn btn-sm btn-warning" onClick={refetch}>
                {t('sites.reload')}
              </button>
            </div>
          ) : server && !server.field ? (
            <ErrorAlert error={error} />
          ) : null}
          {tried && Object.keys(local).length > 0 ? (
            <div className="alert alert-danger" role="alert">
              {t('sites.fixErrors')}
            </div>
          ) : null}
          {saved && !dirty ? (
            <div className="alert alert-success" role="status" data-testid="site-saved">
              {t('sites.saved')}
            </div>
          ) : null}

          <fieldset className="mb-3">
            <legend className="h5">{t('sites.general')}</legend>
            <div className="row">
              <div className="col-md-6">{textInput('name', t('sites.fields.name'))}</div>
              <div className="col-md-6">
                {textInput('domain', t('sites.fields.domain'), t('sites.domainHelp'))}
              </div>
              <div className="col-md-6">
                {field('niche', t('sites.fields.niche'), (props) => (
                  <select
                    {...props}
                    className={`form-select ${props.className}`}
                    value={draft.niche}
                    onChange={(e) => set('niche', Number(e.target.value) as StaffSiteSettings['niche'])}
                  >
                    {NICHE_VARIANTS.map((variant, index) => (
                      <option key={variant} value={index + 1}>
                        {t(`niches.${variant}`)}
                      </option>
                    ))}
                  </select>
                ))}
              </div>
              <div className="col-md-6">{textInput('mail_name', t('sites.fields.mail_name'))}</div>
            </div>
          </fieldset>

          <fieldset className="mb-3">
            <legend className="h5">{t('sites.costs')}</legend>
            <div className="row">
              {NUMBER_FIELDS.map((name) => (
                <div className="col-6 col-md-4" key={name}>
                  {field(name, t(`sites.fields.${name}`), (props) => (
                    <input
                      {...props}
                      type="number"
                      inputMode="numeric"
                      className={`form-control ${props.className}`}
                      value={Number.isNaN(draft[name]) ? '' : draft[name]}
                      onChange={(e) => set(name, e.target.value === '' ? Number.NaN : Number(e.target.value))}
                    />
                  ))}
                </div>
              ))}
            </div>
          </fieldset>

          <fieldset className="mb-3">
            <legend className="h5">{t('sites.access')}</legend>
            <div className="row">
              <div className="col-md-6">
                {field('signups', t('sites.fields.signups'), (props) => (
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
                ))}
              </div>
              <div className="col-md-6">
                {field('enable_site_entry_popup', t('sites.fields.enable_site_entry_popup'), (props) => (
                  <select
                    {...props}
                    className={`form-select ${props.className}`}
                    value={draft.enable_site_entry_popup}
                    onChange={(e) => set('enable_site_entry_popup', e.target.value as 'yes' | 'no')}
                  >
                    <option value="yes">{t('common.yes')}</option>
                    <option value="no">{t('common.no')}</option>
                  </select>
                ))}
              </div>
              {(['logged_out_search', 'logged_out_search_trafficsource'] as const).map((name) => (
                <div className="col-md-6" key={name}>
                  {field(name, t(`sites.fields.${name}`), (props) => (
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
                  ))}
                </div>
              ))}
              <div className="col-md-6">
                {field(
                  'photo_auto_approve_minutes',
                  t('sites.fields.photo_auto_approve_minutes'),
                  (props) => (
                    <input
                      {...props}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      className={`form-control ${props.className}`}
                      value={
                        Number.isNaN(draft.photo_auto_approve_minutes) ? '' : draft.photo_auto_approve_minutes
                      }
                      onChange={(e) =>
                        set(
                          'photo_auto_approve_minutes',
                          e.target.value === '' ? Number.NaN : Number(e.target.value),
                        )
                      }
                    />
                  ),
                  t('sites.photoReviewHelp'),
                )}
              </div>
            </div>
          </fieldset>

          <fieldset className="mb-3">
            <legend className="h5">{t('sites.support')}</legend>
            <div className="row">
              <div className="col-md-6">{textInput('support_email', t('sites.fields.support_email'))}</div>
              <div className="col-md-6">{textInput('support_phone', t('sites.fields.support_phone'))}</div>
            </div>
          </fieldset>

          <fieldset className="mb-3">
            <legend className="h5">{t('sites.texts')}</legend>
            {textInput('index_title', t('sites.fields.index_title'))}
            {field('description', t('sites.fields.description'), (props) => (
              <textarea
                {...props}
                rows={2}
                className={`form-control ${props.className}`}
                value={draft.description}
                onChange={(e) => set('description', e.target.value)}
              />
            ))}
            <div className="mb-2" style={{ maxWidth: '12rem' }}>
              <label htmlFor="site-texts-locale" className="form-label">
                {t('sites.textsLocale')}
              </label>
              <select
                id="site-texts-locale"
                className="form-select"
                value={locale}
                onChange={(e) => setLocale(e.target.value as Locale)}
              >
                {LOCALES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            </div>
            <p className="form-text">{t('sites.textsHelp')}</p>
            {TEXT_FIELDS.map((name) => (
              <Fragment key={name}>
                {field(`texts.${locale}.${name}`, t(`sites.fields.${name}`), (props) => (
                  <input
                    {...props}
                    className={`form-control ${props.className}`}
                    value={draft.texts[locale]?.[name] ?? ''}
                    onChange={(e) => setText(name, e.target.value)}
                  />
                ))}
              </Fragment>
            ))}
          </fieldset>

          <button type="submit" className="btn btn-primary" disabled={isLoading || !dirty}>
            {isLoading ? <Spinner small /> : null} {t('common.save')}
          </button>
        </form>
        <aside className="col-lg-4" aria-labelledby="preview-heading">
          <Preview draft={draft} locale={locale} />
        </aside>
      </div>
    </>
  );
}

/** The changed fields, flattened like the server names them (`texts.de.index_title`). */
function changesFlat(changes: Partial<StaffSiteSettings>): Record<string, true> {
  const flat: Record<string, true> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (key === 'texts') {
      for (const [code, texts] of Object.entries(value as StaffSiteSettings['texts'])) {
        for (const field of Object.keys(texts ?? {})) flat[`texts.${code}.${field}`] = true;
      }
    } else flat[key] = true;
  }
  return flat;
}

/** How members would see the site with the form's values, in the chosen locale. */
function Preview({ draft, locale }: { draft: StaffSiteSettings; locale: Locale }) {
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
