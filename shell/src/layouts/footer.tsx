import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSettings } from '../session/use-session';
import { PrefetchLink } from '../nav/prefetch-link';

const LINKS = [
  ['/pages/terms', 'footer.terms'],
  ['/pages/privacy', 'footer.privacy'],
  ['/pages/cookies', 'footer.cookies'],
  ['/pages/ban', 'footer.ban'],
  ['/pricing', 'footer.pricing'],
  ['/complaints', 'footer.complaints'],
  ['/pages/return-policy', 'footer.returnPolicy'],
  ['/pages/faq', 'footer.faq'],
  ['/pages/service', 'footer.support'],
] as const;

/** The legal line under every public page: adults only, and the site's own fictional-profiles warning. */
export function LegalDisclaimer() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <p className="small text-body-secondary mb-0" data-testid="legal-disclaimer">
      {t('footer.disclaimer', { name: settings.name })} {settings.fictional_warning}
    </p>
  );
}

/** Footer links of docs/product/routes-and-layouts.md; for locale en and when the site enables it, the US footer. */
export function Footer() {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const showUsFooter = i18n.language === 'en' && settings.us_footer;
  return (
    <footer className="shell-footer border-top bg-light mt-auto">
      <div className="container py-4">
        <nav aria-label={t('footer.label')}>
          <ul className="list-inline mb-3">
            {LINKS.map(([to, key]) => (
              <li className="list-inline-item me-3 mb-1" key={to}>
                {to.startsWith('/pages/') ? (
                  <Link to={to} className="link-secondary">
                    {t(key)}
                  </Link>
                ) : (
                  <PrefetchLink to={to} className="link-secondary">
                    {t(key)}
                  </PrefetchLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
        {showUsFooter ? (
          <div className="small mb-3" data-testid="us-footer">
            <p className="mb-1">{t('footer.us.statement', { name: settings.name })}</p>
            <Link to="/pages/privacy?region=us" className="link-secondary">
              {t('footer.us.privacy')}
            </Link>
          </div>
        ) : null}
        <LegalDisclaimer />
        <p className="small text-body-secondary mt-2 mb-0">
          © {new Date().getFullYear()} {settings.name}
        </p>
      </div>
    </footer>
  );
}
