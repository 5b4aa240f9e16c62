import type { MouseEvent, ReactNode } from 'react';

/**
 * "Skip to content" (WCAG 2.4.1): the first thing Tab reaches on every page, hidden until focused. It moves the
 * keyboard focus (not only the scroll position) to the page's main landmark, without a router navigation.
 */
export function SkipLink({ targetId = 'main', children }: { targetId?: string; children: ReactNode }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
    target.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a className="skip-link visually-hidden-focusable" href={`#${targetId}`} onClick={onClick}>
      {children}
    </a>
  );
}
