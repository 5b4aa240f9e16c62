import { FormAlert } from '../../../components/form-alert';
import { useErrorTexts } from '../../../lib/errors';
import { useAccountUpdateProfileMutation } from '../../../lib/profile-api';
import { useAccountTranslation } from '../../../lib/i18n';

/** Invisible mode (docs/product/member-model.md): hidden from search and likes while on. */
export function InvisibleToggle({ invisible }: { invisible: boolean }) {
  const { t } = useAccountTranslation();
  const errorTexts = useErrorTexts();
  const [update, { isLoading, error }] = useAccountUpdateProfileMutation({
    fixedCacheKey: 'account-invisible',
  });
  return (
    <div>
      <div className="form-check form-switch">
        <input
          className="form-check-input"
          type="checkbox"
          role="switch"
          id="profile-invisible"
          checked={invisible}
          disabled={isLoading}
          onChange={(event) => void update({ invisible: event.target.checked })}
          aria-describedby="profile-invisible-help"
        />
        <label className="form-check-label" htmlFor="profile-invisible">
          {t('invisible.label')}
        </label>
      </div>
      <p id="profile-invisible-help" className="form-text">
        {invisible ? t('invisible.on') : t('invisible.off')}
      </p>
      {error ? <FormAlert>{errorTexts.server(error)}</FormAlert> : null}
    </div>
  );
}
