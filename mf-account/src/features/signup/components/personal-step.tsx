import { useCurrentUser } from '@dating/shared';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useErrorTexts } from '../../../lib/errors';
import { useAccountUpdateProfileMutation } from '../../../lib/profile-api';
import {
  ProfileDetailsFields,
  detailsFromProfile,
  detailsToRequest,
  type ProfileDetails,
} from '../../../components/profile-details-fields';
import { StepActions } from './step-actions';
import { useSignupTranslation } from '../../../lib/i18n';

const EMPTY: ProfileDetails = {
  hair_color: '',
  eye_color: '',
  body_type: '',
  relationship_status: '',
  tattoos: '',
  reason: '',
};

export function PersonalStep({ onNext }: { onNext(): void }) {
  const { t } = useSignupTranslation();
  const errorTexts = useErrorTexts();
  const user = useCurrentUser();
  const [details, setDetails] = useState<ProfileDetails>(user ? detailsFromProfile(user.profile) : EMPTY);
  const [update, { isLoading, error }] = useAccountUpdateProfileMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await update(detailsToRequest(details));
    if ('data' in result) onNext();
  }

  return (
    <form onSubmit={submit} noValidate>
      <p>{t('signup.personal.intro')}</p>
      {error ? <FormAlert>{errorTexts.server(error)}</FormAlert> : null}
      <ProfileDetailsFields
        value={details}
        onChange={setDetails}
        idPrefix="signup-personal"
        gender={user?.profile.gender ?? 'female'}
      />
      <StepActions pending={isLoading} onSkip={onNext} />
    </form>
  );
}
