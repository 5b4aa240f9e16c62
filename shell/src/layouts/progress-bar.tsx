import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROGRESS_DURATION_MS, PROGRESS_THROTTLE_MS } from '@dating/shared';

/**
 * The loading bar at the top (docs/product/routes-and-layouts.md, docs/product/constants.md): appears only when loading lasts longer than the 200 ms throttle,
 * creeps towards the end over 5 s, and turns red when loading failed.
 */
export function ProgressBar({ loading, failed }: { loading: boolean; failed: boolean }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!loading) {
      setVisible(false);
      return undefined;
    }
    const timer = setTimeout(() => setVisible(true), PROGRESS_THROTTLE_MS);
    return () => clearTimeout(timer);
  }, [loading]);

  if (!failed && !visible) return null;
  return (
    <div
      className={`shell-progress ${failed ? 'shell-progress-failed' : ''}`}
      role="progressbar"
      aria-label={failed ? t('progress.failed') : t('progress.loading')}
      aria-busy={!failed}
      style={{ ['--progress-duration' as string]: `${PROGRESS_DURATION_MS}ms` }}
      data-testid="progress-bar"
    >
      <div className="shell-progress-bar" />
    </div>
  );
}
