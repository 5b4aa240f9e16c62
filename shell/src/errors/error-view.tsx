import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The error page of docs/product/routes-and-layouts.md, docs/product/calls-and-errors.md: the message as title (or 'Error'), the status, and for 404 a link home. */
export function ErrorView({ status = 500, message }: { status?: number; message?: string | null }) {
  const { t } = useTranslation();
  const title = message || t('error.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <section className="container py-5 text-center">
      <p className="display-1 fw-bold text-secondary mb-0">{status}</p>
      <h1 className="h3 mb-4">{title}</h1>
      {status === 404 ? (
        <Link className="btn btn-primary" to="/">
          {t('error.backHome')}
        </Link>
      ) : (
        <a className="btn btn-outline-primary" href="/">
          {t('error.backHome')}
        </a>
      )}
    </section>
  );
}
