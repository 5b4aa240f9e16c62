import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorAlert, Spinner, toDisplayError, type Locale } from '@dating/shared';
import type { StaffSite, StaffSiteSettings, StaffSiteTexts } from '@dating/shared/contract/staff';
import { useSiteUpdateMutation } from '../api/sites';
import { useFormat } from '../../../lib/format';
import { NS } from '../../../lib/i18n';
import { useStaff } from '../../../lib/staff-context';
import { PageTitle } from '../../../components/page-title';
import { changedSettings, changesFlat, validateSettings } from '../lib/validate';
import type { SiteFormFields } from './site-field';
import { AccessSection, CostsSection, GeneralSection, SupportSection } from './site-settings-sections';
import { TextsSection } from './site-texts-section';
import { SitePreview } from './site-preview';

/**
 * The editor of one version of a site's settings: a draft of them, checked field by field for the fields being
 * changed, saved as the changes with the version they were read at (a later save by someone else is 409
 * `record_changed`, offered as a reload).
 */
export function SiteForm({
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

  const form: SiteFormFields = {
    draft,
    set: (key, value) => setDraft((old) => ({ ...old, [key]: value })),
    messageFor: (field) => {
      const own = local[field];
      if (own) return t(`sites.errors.${own.key}`, own.values);
      if (server?.field === field) return server.message ?? undefined;
      return undefined;
    },
  };
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

          <GeneralSection form={form} />
          <CostsSection form={form} />
          <AccessSection form={form} />
          <SupportSection form={form} />
          <TextsSection form={form} locale={locale} onLocale={setLocale} setText={setText} />

          <button type="submit" className="btn btn-primary" disabled={isLoading || !dirty}>
            {isLoading ? <Spinner small /> : null} {t('common.save')}
          </button>
        </form>
        <aside className="col-lg-4" aria-labelledby="preview-heading">
          <SitePreview draft={draft} locale={locale} />
        </aside>
      </div>
    </>
  );
}
