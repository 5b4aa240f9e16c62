import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NS } from '../../../lib/i18n';

interface PaginationProps {
  page: number;
  pages: number;
}

export function Pagination({ page, pages }: PaginationProps) {
  const { t } = useTranslation(NS);
  const location = useLocation();
  if (pages <= 1) return null;

  function hrefFor(target: number) {
    const params = new URLSearchParams(location.search);
    params.set('pageNumber', String(target));
    return `${location.pathname}?${params.toString()}`;
  }

  return (
    <nav
      className="d-flex align-items-center justify-content-between my-4"
      aria-label={t('pagination.label')}
    >
      {page > 1 ? (
        <Link className="btn btn-outline-primary" to={hrefFor(page - 1)} rel="prev">
          {t('pagination.previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted small">{t('pagination.status', { page, pages })}</span>
      {page < pages ? (
        <Link className="btn btn-outline-primary" to={hrefFor(page + 1)} rel="next">
          {t('pagination.next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
