import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ProgressBar } from '../layouts/progress-bar';
import { ErrorView } from './error-view';
import { reloadOnceForChunkError } from './chunk-reload';

class Boundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function ErrorPageFailed() {
  const { t } = useTranslation();
  return (
    <section className="container py-5 text-center">
      <h1 className="h4">{t('error.errorPageFailed')}</h1>
      <a href="/">{t('error.backHome')}</a>
    </section>
  );
}

/**
 * If even the error page fails, a plain page with a way home (docs/product/calls-and-errors.md); if translations are what broke, the
 * spec's English text as the last resort.
 */
function ErrorPageBoundary({ children }: { children: ReactNode }) {
  const lastResort = (
    <section className="container py-5 text-center">
      <h1 className="h4">An error occurred while showing the error page</h1>
      <a href="/">Back to the home page</a>
    </section>
  );
  return (
    <Boundary
      fallback={
        <Boundary fallback={lastResort}>
          <ErrorPageFailed />
        </Boundary>
      }
    >
      {children}
    </Boundary>
  );
}

function RouteErrorContent({ root }: { root: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error)) {
    const message = error.status === 404 ? t('error.notFound') : error.statusText || null;
    return <ErrorView status={error.status} message={message} />;
  }
  if (reloadOnceForChunkError(error)) return null;
  const message = error instanceof Error && !root ? error.message : null;
  // Page data failed to load: the error page plus the failed progress bar (docs/product/calls-and-errors.md).
  return (
    <>
      <ProgressBar loading={false} failed />
      <ErrorView status={500} message={message} />
    </>
  );
}

/** errorElement of every route: page data or render failures end here, inside the route's layout. */
export function RouteErrorPage({ root = false }: { root?: boolean }) {
  return (
    <ErrorPageBoundary>
      <RouteErrorContent root={root} />
    </ErrorPageBoundary>
  );
}
