import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ABOUT_MAX_LENGTH,
  NAME_MAX_LENGTH,
  type Gender,
  type Interest,
  type Sexuality,
  type User,
} from '@dating/shared';
import { useOptionLabels } from '@dating/shared/option-labels';
import { GENDERS, SEXUALITIES } from '@dating/shared/option-labels/values';
import { ProfileFormSchema, birthDateError, nameError } from '@dating/shared/forms/account';
import { schemaResolver } from '@dating/shared/forms/resolver';
import { FormAlert } from '../../../components/form-alert';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { serverErrorField, useErrorTexts } from '../../../lib/errors';
import { fieldText } from '../../../lib/form-errors';
import { useAccountUpdateProfileMutation } from '../../../lib/profile-api';
import { InterestsPicker } from '../../../components/interests-picker';
import { LocationFields, type LocationValue } from '../../../components/location-fields';
import {
  ProfileDetailsFields,
  detailsFromProfile,
  detailsToRequest,
  type ProfileDetails,
} from '../../../components/profile-details-fields';
import { useAccountTranslation } from '../../../lib/i18n';

/** The typed fields; the option pickers below cannot hold a wrong value. */
interface Values {
  name: string;
  date_of_birth: string;
}
interface Context {
  email: string;
  minAge: number;
}
const resolver = schemaResolver<Values, Context>(ProfileFormSchema, (values, { email, minAge }) => ({
  name: nameError(values.name, email),
  date_of_birth: birthDateError(values.date_of_birth, minAge),
}));

/** Every field of docs/product/member-model.md the member can edit. */
export function ProfileForm({ user, minAge }: { user: User; minAge: number }) {
  const { t } = useAccountTranslation();
  const { label } = useOptionLabels();
  const errorTexts = useErrorTexts();
  const { profile } = user;
  const [update, { isLoading, isSuccess, error, reset }] = useAccountUpdateProfileMutation();
  const form = useForm<Values, Context>({
    resolver,
    context: { email: user.email, minAge },
    defaultValues: { name: profile.name, date_of_birth: profile.date_of_birth ?? '' },
  });
  const errors = form.formState.errors;
  const [gender, setGender] = useState<Gender>(profile.gender);
  const [sexuality, setSexuality] = useState<Sexuality>(profile.sexuality);
  const [location, setLocation] = useState<LocationValue>({
    country: profile.country,
    region: profile.region ?? '',
    city: profile.city ?? '',
  });
  const [details, setDetails] = useState<ProfileDetails>(detailsFromProfile(profile));
  const [about, setAbout] = useState(profile.about ?? '');
  const [interests, setInterests] = useState<Interest[]>(profile.interests);
  const field = serverErrorField(error);

  function edited<T>(setter: (value: T) => void) {
    return (value: T) => {
      if (isSuccess || error) reset();
      setter(value);
    };
  }

  const typed = { onChange: () => (isSuccess || error) && reset() };

  async function submit(values: Values) {
    await update({
      name: values.name.trim(),
      gender,
      sexuality,
      date_of_birth: values.date_of_birth,
      country: location.country,
      region: location.region || null,
      city: location.city.trim() || null,
      ...detailsToRequest(details),
      about: about.trim() || null,
      interests,
    });
  }

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate>
      <TextField
        id="profile-name"
        label={t('fields.name')}
        maxLength={NAME_MAX_LENGTH}
        registration={form.register('name', typed)}
        error={fieldText(errorTexts, errors.name) ?? (field === 'name' ? errorTexts.server(error) : null)}
      />
      <SelectField
        id="profile-gender"
        label={t('fields.gender')}
        value={gender}
        options={GENDERS.map((value) => ({ value, label: label('gender', value) }))}
        onChange={edited((value: string) => setGender(value as Gender))}
      />
      <SelectField
        id="profile-sexuality"
        label={t('fields.sexuality')}
        value={sexuality}
        options={SEXUALITIES.map((value) => ({ value, label: label('sexuality', value, gender) }))}
        onChange={edited((value: string) => setSexuality(value as Sexuality))}
      />
      <TextField
        id="profile-birthdate"
        label={t('fields.dateOfBirth')}
        type="date"
        registration={form.register('date_of_birth', typed)}
        error={
          fieldText(errorTexts, errors.date_of_birth) ??
          (field === 'date_of_birth' ? errorTexts.server(error) : null)
        }
      />
      <LocationFields value={location} onChange={edited(setLocation)} idPrefix="profile" />
      <ProfileDetailsFields
        value={details}
        onChange={edited(setDetails)}
        idPrefix="profile"
        gender={gender}
      />
      <div className="mb-3">
        <label htmlFor="profile-about" className="form-label">
          {t('fields.about')}
        </label>
        <textarea
          id="profile-about"
          className="form-control"
          rows={4}
          maxLength={ABOUT_MAX_LENGTH}
          value={about}
          onChange={(event) => edited(setAbout)(event.target.value)}
        />
      </div>
      <InterestsPicker value={interests} onChange={edited(setInterests)} idPrefix="profile-interest" folded />
      {error && !field ? <FormAlert>{errorTexts.server(error)}</FormAlert> : null}
      {isSuccess ? <FormAlert kind="success">{t('profile.saved')}</FormAlert> : null}
      <SubmitButton pending={isLoading}>{t('profile.save')}</SubmitButton>
    </form>
  );
}
