import { Suspense, type ComponentType } from 'react';

/**
 * An exposed module suspends while its i18n namespace loads; catching that here keeps the shell's layout on screen
 * (a blank area of the page's height instead of the app-wide spinner).
 */
export function withSuspense<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function Suspended(props: P) {
    return (
      <Suspense fallback={<div aria-busy="true" style={{ minHeight: '60vh' }} />}>
        <Page {...props} />
      </Suspense>
    );
  }
  Suspended.displayName = `WithSuspense(${Page.displayName ?? Page.name})`;
  return Suspended;
}
