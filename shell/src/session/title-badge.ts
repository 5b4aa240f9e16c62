import { useEffect } from 'react';

const PREFIX = /^\(\d+\+?\) /;

/** `(n) Title` with the sum of unread messages and new likes (docs/product/routes-and-layouts.md); no prefix for 0. */
export function titleWithCount(title: string, count: number): string {
  const base = title.replace(PREFIX, '');
  return count > 0 ? `(${count}) ${base}` : base;
}

type BadgeNavigator = Navigator & {
  setAppBadge?(count?: number): Promise<void>;
  clearAppBadge?(): Promise<void>;
};

/** Keeps the title prefix (also when a page changes the title later) and the app icon badge up to date. */
export function useTitleAndBadge(count: number): void {
  useEffect(() => {
    const apply = () => {
      const next = titleWithCount(document.title, count);
      if (next !== document.title) document.title = next;
    };
    apply();
    const titleElement = document.querySelector('title');
    const observer = titleElement ? new MutationObserver(apply) : null;
    if (titleElement)
      observer?.observe(titleElement, { childList: true, characterData: true, subtree: true });

    const nav = navigator as BadgeNavigator;
    const badge = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.();
    badge?.catch(() => undefined);
    return () => observer?.disconnect();
  }, [count]);
}
