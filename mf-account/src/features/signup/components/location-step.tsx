import { useCurrentUser } from '@dating/shared';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { locate, useGeolocationPermission, type GeolocationFailure } from '../../../lib/geolocation';
import { useErrorTexts } from '../../../lib/errors';
import { useAccountUpdateProfileMutation } from '../../../lib/profile-api';
import { LocationFields, type LocationValue } from '../../../components/location-fields';
import { useLazyAccountGeocodeQuery } from '../api/geocode';
import { StepActions } from './step-actions';
import { useSignupTranslation } from '../../../lib/i18n';

export function LocationStep({ onNext }: { onNext(): void }) {
  const { t } = useSignupTranslation();
  const errorTexts = useErrorTexts();
  const user = useCurrentUser();
  const [value, setValue] = useState<LocationValue>({
    country: user ? user.profile.country : '',
    region: user?.profile.region ?? '',
    city: user?.profile.city ?? '',
  });
  const [geocode, geocodeState] = useLazyAccountGeocodeQuery();
  const [locating, setLocating] = useState(false);
  const [failure, setFailure] = useState<GeolocationFailure | null>(null);
  const permission = useGeolocationPermission();
  const [update, { isLoading, error }] = useAccountUpdateProfileMutation();

  async function detectLocation() {
    setFailure(null);
    setLocating(true);
    try {
      const coordinates = await locate();
      const result = await geocode(coordinates, true).unwrap();
      setValue({ country: result.country, region: result.region_code ?? '', city: result.city ?? '' });
    } catch (reason) {
      setFailure(typeof reason === 'string' ? (reason as GeolocationFailure) : 'unavailable');
    } finally {
      setLocating(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!value.country) {
      onNext();
      return;
    }
    const result = await update({
      country: value.country,
      region: value.region || null,
      city: value.city.trim() || null,
    });
    if ('data' in result) onNext();
  }

  return (
    <form onSubmit={submit} noValidate>
      <p>{t('signup.location.intro')}</p>
      {permission !== 'unsupported' && permission !== 'denied' ? (
        <button
          type="button"
          className="btn btn-outline-primary w-100 mb-1"
          onClick={() => void detectLocation()}
          disabled={locating || geocodeState.isFetching}
          aria-describedby="signup-location-permission"
        >
          {locating ? t('signup.location.locating') : t('signup.location.useMine')}
        </button>
      ) : null}
      {failure ? (
        <FormAlert kind="warning">{t(`signup.location.${failure}`)}</FormAlert>
      ) : (
        <p id="signup-location-permission" className="small text-muted mb-3" data-permission={permission}>
          {t(`signup.location.permission.${permission}`)}
        </p>
      )}
      {error ? <FormAlert>{errorTexts.server(error)}</FormAlert> : null}
      <LocationFields value={value} onChange={setValue} idPrefix="signup-location" />
      <StepActions pending={isLoading} onSkip={onNext} />
    </form>
  );
}
