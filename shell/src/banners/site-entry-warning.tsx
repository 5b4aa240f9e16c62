import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, useCurrentUser } from '@dating/shared';
import { useSiteCountry } from '../app/site-context';
import { dismiss, DISMISSAL_KEYS, isDismissed } from '../lib/dismissals';
import { isStandalone } from '../lib/standalone';
import { useRouteName } from '../routes/route-handle';
import type { LayoutName } from '../routes/route-table';
import { useSettings } from '../session/use-session';
import { showEntryWarning } from './entry-rule';

/** The adult-content warning shown once to visitors (docs/product/routes-and-layouts.md); leaving goes to a neutral site. */
export function SiteEntryWarning({ layout }: { layout: LayoutName }) {
  const { t } = useTranslation();
  const user = useCurrentUser() ?? null;
  const settings = useSettings();
  const country = useSiteCountry();
  const routeName = useRouteName();
  const [closed, setClosed] = useState(() => isDismissed(DISMISSAL_KEYS.siteEntry));
  const visible = showEntryWarning({
    user,
    standalone: isStandalone(),
    settings,
    country,
    closedBefore: closed,
    routeName,
    layout,
  });
  if (!visible) return null;
  const onEnter = () => {
    dismiss(DISMISSAL_KEYS.siteEntry);
    setClosed(true);
  };
  return (
    <Modal
      open
      locked
      onClose={onEnter}
      title={t('entryWarning.title')}
      footer={
        <>
          <a className="btn btn-outline-secondary" href="https://www.google.com" rel="noreferrer">
            {t('entryWarning.leave')}
          </a>
          <button
            type="button"
            className="btn btn-primary"
            onClick={onEnter}
            data-testid="entry-warning-enter"
          >
            {t('entryWarning.enter')}
          </button>
        </>
      }
    >
      <p data-testid="entry-warning">{t('entryWarning.text', { name: settings.name })}</p>
    </Modal>
  );
}
