import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ABOUT_MAX_LENGTH,
  NAME_MAX_LENGTH,
  type Gender,
  type Interest,
  type Sexuality,
  type User,
} from '@dating/shared';
import { FormAlert } from '../../../components/form-alert';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { serverErrorField, useErrorTexts } from '../../../lib/errors';
import { validateBirthdate, validateName } from '../../../lib/validation';
import { useAccountUpdateProfileMutation } from '../api/profile';
import { InterestsPicker } from './interests-picker';
import { LocationFields, type LocationValue } from './location-fields';
import {
  ProfileDetailsFields,
  detailsFromProfile,
  detailsToRequest,
  type ProfileDetails,
} from './profile-details-fields';

const SEXUALITIES: Sexuality[] = ['hetero', 'gay', 'lesbian', 'bi'];

/** Every field of SPEC §3 the member can edit. */
export function ProfileForm({ user, minAge }: { user: User; minAge: number }) {
  const { t } = useTranslation('account');
  const errorTexts = useErrorTexts();
  const { profile } = user;
  const [update, { isLoading, isSuccess, error, reset }] = useAccountUpdateProfileMutation();
  const [name, setName] = useState(profile.name);
  const [gender, setGender] = useState<Gender>(profile.gender);
  const [sexuality, setSexuality] = useState<Sexuality>(profile.sexuality);
  const [birthdate, setBirthdate] = useState(profile.date_of_birth ?? '');
  const [location, setLocation] = useState<LocationValue>({
    country: profile.country,
    region: profile.region ?? '',
    city: profile.city ?? '',
  });
  const [details, setDetails] = useState<ProfileDetails>(detailsFromProfile(profile));
  const [about, setAbout] = useState(profile.about ?? '');
  const [interests, setInterests] = useState<Interest[]>(profile.interests);
  const [checked, setChecked] = useState(false);

  const nameError = checked ? validateName(name, user.email) : null;
  const birthdateError = checked ? validateBirthdate(birthdate, minAge) : null;
  const field = serverErrorField(error);

  function edited<T>(setter: (value: T) => void) {
    return (value: T) => {
      if (isSuccess || error) reset();
      setter(value);
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (validateName(name, user.email) || validateBirthdate(birthdate, minAge)) return;
    await update({
      name: name.trim(),
      gender,
      sexuality,
      date_of_birth: birthdate,
      country: location.country,
      region: location.region || null,
      city: location.city.trim() || null,
      ...detailsToRequest(details),
      about: about.trim() || null,
      interests,
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        id="profile-name"
        label={t('fields.name')}
        maxLength={NAME_MAX_LENGTH}
        value={name}
        onChange={edited(setName)}
        error={errorTexts.field(nameError) ?? (field === 'name' ? errorTexts.server(error) : null)}
      />
      <SelectField
        id="profile-gender"
        label={t('fields.gender')}
        value={gender}
        options={(['male', 'female'] as const).map((value) => ({
          value,
          label: t(`options.gender.${value}`),
        }))}
        onChange={edited((value: string) => setGender(value as Gender))}
      />
      <SelectField
        id="profile-sexuality"
        label={t('fields.sexuality')}
        value={sexuality}
        options={SEXUALITIES.map((value) => ({ value, label: t(`options.sexuality.${value}`) }))}
        onChange={edited((value: string) => setSexuality(value as Sexuality))}
      />
      <TextField
        id="profile-birthdate"
        label={t('fields.dateOfBirth')}
        type="date"
        value={birthdate}
        onChange={edited(setBirthdate)}
        error={
          errorTexts.field(birthdateError) ?? (field === 'date_of_birth' ? errorTexts.server(error) : null)
        }
      />
      <LocationFields value={location} onChange={edited(setLocation)} idPrefix="profile" />
      <ProfileDetailsFields value={details} onChange={edited(setDetails)} idPrefix="profile" />
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
      <InterestsPicker value={interests} onChange={edited(setInterests)} idPrefix="profile-interest" />
      {error && !field ? <FormAlert>{errorTexts.server(error)}</FormAlert> : null}
      {isSuccess ? <FormAlert kind="success">{t('profile.saved')}</FormAlert> : null}
      <SubmitButton pending={isLoading}>{t('profile.save')}</SubmitButton>
    </form>
  );
}
