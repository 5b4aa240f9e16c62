import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { registerNamespace, Spinner, useGetCompanyInfoQuery } from '@dating/shared';
import type { StaticPageName } from '../routes/route-table';
import { useSettings } from '../session/use-session';
import { termsVersionDate } from './terms-date';

/** The static pages' texts: a namespace of their own, loaded with these pages (docs/adr/0016-first-load-budget.md). */
export const PAGES_NS = 'shell-pages';
// Unnamed chunks: a name per locale would make the shell's chunk map in main.js longer.
registerNamespace(PAGES_NS, (locale) => import(`../locales/pages/${locale}.json`));

/** Paragraph keys per page (`pages.<page>.<key>` in the shell-pages namespace). */
const SECTIONS: Record<StaticPageName, readonly string[]> = {
  terms: ['p1', 'p2', 'p3', 'p4'],
  privacy: ['p1', 'p2', 'p3'],
  cookies: ['p1', 'p2'],
  ban: ['p1', 'p2'],
  faq: ['q1', 'a1', 'q2', 'a2', 'q3', 'a3'],
  'return-policy': ['p1', 'p2'],
  service: ['p1', 'p2'],
};

/** The shell's static pages (docs/product/routes-and-layouts.md `/pages/*`), filled in with the operating company's details. */
export function StaticPage({ name }: { name: StaticPageName }) {
  const { t, i18n } = useTranslation([PAGES_NS, 'common'], { nsMode: 'fallback' });
  const settings = useSettings();
  const [params] = useSearchParams();
  const { data: company, isLoading } = useGetCompanyInfoQuery();
  const title = t(`pages.${name}.title`);
  useEffect(() => {
    document.title = `${title} - ${settings.name}`;
  }, [title, settings.name]);
  if (isLoading) return <Spinner block label={t('loading')} />;

  const values = {
    site: settings.name,
    company: company?.name ?? settings.name,
    address: company ? `${company.address}, ${company.city}, ${company.country}` : '',
    kvk: company?.kvk ?? '',
    email: settings.support_email,
    phone: company?.support_phone || settings.support_phone,
    refundDays: settings.refund_days,
    date: new Intl.DateTimeFormat(i18n.language === 'nl' ? 'nl-NL' : i18n.language, {
      dateStyle: 'long',
      timeZone: 'UTC',
    }).format(termsVersionDate(company?.added)),
  };
  return (
    <article className="shell-static-page mx-auto py-2" data-testid={`static-page-${name}`}>
      <h1 className="h2 mb-3">{title}</h1>
      {name === 'privacy' && params.get('region') === 'us' ? (
        <p className="lead">{t('pages.privacy.us', values)}</p>
      ) : null}
      {SECTIONS[name].map((key) =>
        key.startsWith('q') ? (
          <h2 className="h5 mt-4" key={key}>
            {t(`pages.${name}.${key}`, values)}
          </h2>
        ) : (
          <p key={key}>{t(`pages.${name}.${key}`, values)}</p>
        ),
      )}
      {name === 'terms' || name === 'privacy' ? (
        <p className="small text-body-secondary" data-testid="terms-version">
          {t('pages.version', values)}
        </p>
      ) : null}
    </article>
  );
}
