import { useMemo, useState, type Ref } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import {
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  SIGNUP_SOURCE_MAX_LENGTH,
  isLocale,
  redirectedToLogin,
  useAppDispatch,
  type Gender,
  type SignupTracking,
} from '@dating/shared';
import { MAX_AGE, SignupSchema, birthDateError, nameError } from '@dating/shared/forms/account';
import { schemaResolver } from '@dating/shared/forms/resolver';
import { TextField } from '../../../components/text-field';
import { FormAlert } from '../../../components/form-alert';
import { SubmitButton } from '../../../components/submit-button';
import { serverErrorCode, serverErrorField, useErrorTexts } from '../../../lib/errors';
import { fieldText } from '../../../lib/form-errors';
import { useAccountSignupMutation } from '../api/signup';
import { suggestEmail } from '../../../lib/email-suggestion';
import { EmailSuggestion } from './email-suggestion';
import styles from './signup.module.scss';
import { useSignupTranslation } from '../../../lib/i18n';

type Field = 'name' | 'date_of_birth' | 'email' | 'password';
type Values = Record<Field, string>;

/** The signup schema's rules for the fields of this step, then the name/email and minimum-age rules. */
const resolver = schemaResolver<Values, { minAge: number }>(SignupSchema, (values, { minAge }) => ({
  name: nameError(values.name, values.email),
  date_of_birth: birthDateError(values.date_of_birth, minAge),
}));

type DatePart = 'day' | 'month' | 'year';

/**
 * The parts of a date in the order the page's language writes them (nl: dag maand jaar; en-US would be month day
 * year), their names ("Dag", "Maand", "Jaar") and the month names, all from the browser's Intl data for that
 * language: real translations in every locale without a text of our own to keep.
 */
function dateParts(locale: string) {
  const order = new Intl.DateTimeFormat(locale, { timeZone: 'UTC' })
    .formatToParts(new Date(Date.UTC(2000, 10, 22)))
    .map((part) => part.type)
    .filter((type): type is DatePart => type === 'day' || type === 'month' || type === 'year');
  const names = new Intl.DisplayNames([locale], { type: 'dateTimeField' });
  const label = (part: DatePart) => {
    const name = names.of(part) ?? part;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  };
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const months = Array.from({ length: 12 }, (_, index) =>
    monthName.format(new Date(Date.UTC(2000, index, 1))),
  );
  return {
    order: order.length === 3 ? order : (['day', 'month', 'year'] as DatePart[]),
    label,
    months,
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

interface BirthDateFieldProps {
  id: string;
  legend: string;
  locale: string;
  minAge: number;
  /** `YYYY-MM-DD` (what the API takes), or '' while a part is missing. */
  value: string;
  onChange(value: string): void;
  /** Given to the first select, so the form focuses it on an error. */
  inputRef: Ref<HTMLSelectElement>;
  error: string | null;
}

/**
 * The date of birth as three selects (day, month, year) in the page language's order with their names and the
 * month names in that language, instead of the browser's date field, which speaks the browser's language
 * ("mm/dd/yyyy" on a Dutch page). A group named by its legend; the error is announced with each select.
 */
function BirthDateField({
  id,
  legend,
  locale,
  minAge,
  value,
  onChange,
  inputRef,
  error,
}: BirthDateFieldProps) {
  const { order, label, months } = useMemo(() => dateParts(locale), [locale]);
  const [parts, setParts] = useState<Record<DatePart, string>>(() => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return m
      ? { year: m[1]!, month: String(Number(m[2])), day: String(Number(m[3])) }
      : { day: '', month: '', year: '' };
  });
  const thisYear = new Date().getUTCFullYear();
  const options: Record<DatePart, { value: string; text: string }[]> = {
    day: Array.from({ length: 31 }, (_, index) => ({ value: String(index + 1), text: String(index + 1) })),
    month: months.map((name, index) => ({ value: String(index + 1), text: name })),
    year: Array.from({ length: MAX_AGE - minAge + 1 }, (_, index) => {
      const year = String(thisYear - minAge - index);
      return { value: year, text: year };
    }),
  };
  const autoComplete: Record<DatePart, string> = { day: 'bday-day', month: 'bday-month', year: 'bday-year' };

  function change(part: DatePart, next: string) {
    const all = { ...parts, [part]: next };
    setParts(all);
    onChange(
      all.day && all.month && all.year ? `${all.year}-${pad(Number(all.month))}-${pad(Number(all.day))}` : '',
    );
  }

  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{legend}</legend>
      <div className={styles.dateParts}>
        {order.map((part, index) => (
          <div className={styles.datePart} key={part}>
            <label htmlFor={`${id}-${part}`} className="form-label small mb-1">
              {label(part)}
            </label>
            <select
              id={`${id}-${part}`}
              ref={index === 0 ? inputRef : undefined}
              className={`form-select${error ? ' is-invalid' : ''}`}
              autoComplete={autoComplete[part]}
              required
              value={parts[part]}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => change(part, event.target.value)}
            >
              <option value="">{label(part)}</option>
              {options[part].map((option) => (
                <option key={option.value} value={option.value}>
                  {option.text}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}

export interface AccountStepProps {
  minAge: number;
  tracking: SignupTracking;
  /** Step 0 from a profile: the visitor's first message to that member goes with the signup. */
  profileId?: number;
  profileName?: string;
  /** The first message as the visitor already wrote it (mf-chat's composer), to edit or send as it is. */
  initialMessage?: string;
  /** Where the signup modal was opened (a lander CTA, a like, the chats list…), recorded with the account. */
  source?: string | null;
  onStarted(): void;
  onCreated(): void;
}

export function AccountStep({
  minAge,
  tracking,
  profileId,
  profileName,
  initialMessage,
  source,
  onStarted,
  onCreated,
}: AccountStepProps) {
  const { t, i18n } = useSignupTranslation();
  const errorTexts = useErrorTexts();
  const dispatch = useAppDispatch();
  const [signup, { isLoading, error: serverError, reset }] = useAccountSignupMutation();
  const form = useForm<Values, { minAge: number }>({
    resolver,
    context: { minAge },
    defaultValues: { name: '', date_of_birth: '', email: '', password: '' },
  });
  const errors = form.formState.errors;
  const email = form.watch('email');
  const [gender, setGender] = useState<Gender>('male');
  const [seeking, setSeeking] = useState<Gender>('female');
  const [message, setMessage] = useState(initialMessage ?? '');
  const [started, setStarted] = useState(false);

  const serverField = serverErrorField(serverError) as Field | undefined;
  const serverCode = serverErrorCode(serverError);
  const serverText = errorTexts.server(serverError);

  function changed() {
    if (!started) {
      setStarted(true);
      onStarted();
    }
    if (serverError) reset();
  }
  const field = (name: Field) => form.register(name, { onChange: changed });

  function fieldError(name: Field): string | null {
    if (errors[name]) return fieldText(errorTexts, errors[name]);
    return serverField === name ? serverText : null;
  }

  async function submit(values: Values) {
    const result = await signup({
      ...tracking,
      name: values.name.trim(),
      gender,
      seeking,
      date_of_birth: values.date_of_birth,
      email: values.email.trim(),
      password: values.password,
      locale: isLocale(i18n.language) ? i18n.language : 'nl',
      ...(source ? { source: source.slice(0, SIGNUP_SOURCE_MAX_LENGTH) } : {}),
      ...(profileId && message.trim() ? { profile_id: profileId, signup_message: message.trim() } : {}),
    });
    if ('data' in result) onCreated();
  }

  const accountExists = serverCode === 'email_taken' || serverCode === 'account_exists';

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate aria-label={t('signup.title')}>
      {serverError && !serverField ? <FormAlert>{serverText}</FormAlert> : null}
      {profileId ? (
        <div className="mb-3">
          <label htmlFor="signup-message" className="form-label">
            {t('signup.messageLabel', { name: profileName ?? '' })}
          </label>
          <textarea
            id="signup-message"
            className="form-control"
            rows={3}
            maxLength={1000}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </div>
      ) : null}
      <TextField
        id="signup-name"
        label={t('fields.name')}
        autoComplete="nickname"
        maxLength={NAME_MAX_LENGTH}
        required
        registration={field('name')}
        error={fieldError('name')}
      />
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('fields.gender')}</legend>
        <div className={styles.choices}>
          {(['male', 'female'] as const).map((value) => (
            <div className="form-check form-check-inline" key={value}>
              <input
                className="form-check-input"
                type="radio"
                id={`signup-gender-${value}`}
                name="gender"
                checked={gender === value}
                onChange={() => {
                  setGender(value);
                  setSeeking(value === 'male' ? 'female' : 'male');
                }}
              />
              <label className="form-check-label" htmlFor={`signup-gender-${value}`}>
                {t(`signup.gender.${value}`)}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('fields.seeking')}</legend>
        <div className={styles.choices}>
          {(['male', 'female'] as const).map((value) => (
            <div className="form-check form-check-inline" key={value}>
              <input
                className="form-check-input"
                type="radio"
                id={`signup-seeking-${value}`}
                name="seeking"
                checked={seeking === value}
                onChange={() => setSeeking(value)}
              />
              <label className="form-check-label" htmlFor={`signup-seeking-${value}`}>
                {t(`signup.seeking.${value}`)}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <Controller
        control={form.control}
        name="date_of_birth"
        render={({ field: birthDate }) => (
          <BirthDateField
            id="signup-birthdate"
            legend={t('fields.dateOfBirth')}
            locale={i18n.language}
            minAge={minAge}
            value={birthDate.value}
            inputRef={birthDate.ref}
            error={fieldError('date_of_birth')}
            onChange={(value) => {
              changed();
              birthDate.onChange(value);
            }}
          />
        )}
      />
      <TextField
        id="signup-email"
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        required
        registration={field('email')}
        error={fieldError('email')}
        hint={
          suggestEmail(email) ? (
            <EmailSuggestion
              email={email}
              onAccept={(value) => {
                changed();
                form.setValue('email', value, { shouldValidate: form.formState.isSubmitted });
              }}
            />
          ) : null
        }
      />
      {accountExists ? (
        <p className="small">
          <Link to="/login" onClick={() => dispatch(redirectedToLogin())}>
            {t('signup.loginInstead')}
          </Link>
        </p>
      ) : null}
      <TextField
        id="signup-password"
        label={t('fields.password')}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        required
        registration={field('password')}
        error={fieldError('password')}
      />
      <p className="small text-muted">{t('signup.terms')}</p>
      <SubmitButton pending={isLoading} className="w-100">
        {profileId && message.trim() ? t('signup.submitWithMessage') : t('signup.submit')}
      </SubmitButton>
    </form>
  );
}
