import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useRouteName } from '../routes/route-handle';
import { useSettings } from './use-session';

/** A member page's title: what the navigation calls it (the profile page of a member names the member itself). */
const MEMBER_PAGE_TITLES: Record<string, string> = {
  members: 'nav.search',
  chats: 'nav.messages',
  'chats-id': 'nav.messages',
  'members-id-chat': 'nav.messages',
  likes: 'nav.likes',
  'likes-type': 'nav.likes',
  'likes-m-id': 'nav.likes',
  credits: 'nav.credits',
  'credits-repeat-order': 'nav.credits',
  'credits-id-paymentmethod': 'nav.credits',
  'transactions-id': 'nav.credits',
  directdebit: 'nav.credits',
  premium: 'nav.getPremium',
  profile: 'nav.myProfile',
  notifications: 'nav.settings',
  'lang-config': 'nav.settings',
};

/** The sections of /profile (mf-account's tabs, `?tab=`) each their own title; the profile section is the page's. */
const PROFILE_SECTION_TITLES: Record<string, string> = {
  photos: 'pageTitle.profilePhotos',
  notifications: 'pageTitle.profileNotifications',
  account: 'nav.settings',
  settings: 'nav.settings',
};

/** The title key of a route, with the /profile section read from the address. */
export function pageTitleKey(routeName: string, search: string): string | undefined {
  if (routeName === 'profile') {
    const tab = new URLSearchParams(search).get('tab');
    if (tab && PROFILE_SECTION_TITLES[tab]) return PROFILE_SECTION_TITLES[tab];
  }
  return MEMBER_PAGE_TITLES[routeName];
}

const COUNT_PREFIX = /^\(\d+\+?\) /;

/**
 * Each member page its own `<title>` ("Berichten - Site"), so tabs, history and bookmarks tell them apart. Leaving
 * for a page that sets no title of its own, the site's title comes back, unless that page set one itself (a static
 * page, the error page: their effects run before this one). The unread prefix is title-badge.ts's.
 */
export function usePageTitle(): void {
  const { t } = useTranslation();
  const settings = useSettings();
  const routeName = useRouteName();
  const { search } = useLocation();
  const mine = useRef<string | null>(null);
  useEffect(() => {
    const key = pageTitleKey(routeName, search);
    const current = document.title.replace(COUNT_PREFIX, '');
    if (key) {
      const title = `${t(key)} - ${settings?.name ?? ''}`;
      mine.current = title;
      if (current !== title) document.title = title;
    } else if (mine.current !== null && current === mine.current) {
      mine.current = null;
      document.title = settings?.index_title || settings?.name || document.title;
    }
  }, [routeName, search, settings?.name, settings?.index_title, t]);
}
