import { ENTRY_WARNING_LAYOUT_COUNTRIES, type Settings, type User } from '@dating/shared';
import type { LayoutName } from '../routes/route-table';

export const ENTRY_WARNING_HIDDEN = ['complete-signup', 'reset-password', 'reset-password-do'];

/** docs/product/routes-and-layouts.md site-entry warning: once, for visitors, in the allowed countries, unless switched off or closed. */
export function showEntryWarning(input: {
  user: User | null;
  standalone: boolean;
  settings: Pick<Settings, 'enable_site_entry_popup' | 'countries'>;
  country: string | null;
  closedBefore: boolean;
  routeName: string;
  layout: LayoutName;
}): boolean {
  if (input.user !== null || input.standalone || input.closedBefore) return false;
  if (input.settings.enable_site_entry_popup !== 'yes') return false;
  const country = (input.country ?? '').toUpperCase();
  if (!country || !input.settings.countries.map((c) => c.toUpperCase()).includes(country)) return false;
  if (ENTRY_WARNING_HIDDEN.includes(input.routeName)) return false;
  if (input.layout === 'chat' || input.layout === 'lander') {
    return (ENTRY_WARNING_LAYOUT_COUNTRIES as readonly string[]).includes(country);
  }
  return input.layout === 'default';
}
