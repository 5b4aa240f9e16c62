import { useCurrentUser } from '@dating/shared';
import { useState, type FormEvent } from 'react';
import { ABOUT_MAX_LENGTH, type Interest } from '@dating/shared';
import { FormAlert } from '../../../components/form-alert';
import { useErrorTexts } from '../../../lib/errors';
import { useAccountUpdateProfileMutation } from '../../../lib/profile-api';
import { InterestsPicker } from '../../../components/interests-picker';
import { StepActions } from './step-actions';
import { useSignupTranslation } from '../../../lib/i18n';

export function AboutStep({ onNext }: { onNext(): void }) {
  const { t } = useSignupTranslation();
  const errorTexts = useErrorTexts();
  const user = useCurrentUser();
  const [about, setAbout] = useState(user ? (user.profile.about ?? '') : '');
  const [interests, setInterests] = useState<Interest[]>(user ? user.profile.interests : []);
  const [update, { isLoading, error }] = useAccountUpdateProfileMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await update({ about: about.trim() || null, interests });
    if ('data' in result) onNext();
  }

  return (
    <form onSubmit={submit} noValidate>
      {error ? <FormAlert>{errorTexts.server(error)}</FormAlert> : null}
      <div className="mb-3">
        <label htmlFor="signup-about" className="form-label">
          {t('fields.about')}
        </label>
        <textarea
          id="signup-about"
          className="form-control"
          rows={4}
          maxLength={ABOUT_MAX_LENGTH}
          placeholder={t('signup.about.placeholder')}
          value={about}
          onChange={(event) => setAbout(event.target.value)}
        />
      </div>
      <InterestsPicker value={interests} onChange={setInterests} idPrefix="signup-interest" />
      <StepActions pending={isLoading} onSkip={onNext} />
    </form>
  );
}
