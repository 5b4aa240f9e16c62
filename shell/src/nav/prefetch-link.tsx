import { forwardRef } from 'react';
import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router-dom';
import { useRemoteLoader } from '../remotes/remote-context';
import { remoteForPath } from '../routes/route-table';

function usePrefetchHandlers(to: LinkProps['to']) {
  const loader = useRemoteLoader();
  const path = typeof to === 'string' ? to : (to.pathname ?? '');
  const prefetch = () => {
    const target = remoteForPath(path);
    if (target) loader.preload(target);
  };
  return { onMouseEnter: prefetch, onFocus: prefetch, onTouchStart: prefetch };
}

/** A router link that fetches the target remote's entry on hover, focus or touch, before the click. */
export const PrefetchLink = forwardRef<HTMLAnchorElement, LinkProps>(function PrefetchLink(props, ref) {
  return <Link ref={ref} {...usePrefetchHandlers(props.to)} {...props} />;
});

export const PrefetchNavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(
  function PrefetchNavLink(props, ref) {
    return <NavLink ref={ref} {...usePrefetchHandlers(props.to)} {...props} />;
  },
);
