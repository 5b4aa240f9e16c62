import { useState, type FormEvent } from 'react';
import { COMPLAINT_MESSAGE_MAX_LENGTH } from '@dating/shared';
import { FormAlert } from '../../../components/form-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { serverErrorField, useErrorTexts } from '../../../lib/errors';
import { checkField } from '@dating/shared/forms/check';
import { EmailField } from '@dating/shared/forms/account';
import { useAccountSubmitComplaintMutation } from '../api/complaints';
import { useAccountTranslation } from '../../../lib/i18n';

type Field = 'name' | 'email' | 'subject' | 'message' | 'url';

export function ComplaintForm({
  initialName,
  initialEmail,
  initialUrl,
}: {
  initialName: string;
  initialEmail: string;
  initialUrl: string;
}) {
  const { t } = useAccountTranslation();
  const errorTexts = useErrorTexts();
  const [submitComplaint, { isLoading, isSuccess, error }] = useAccountSubmitComplaintMutation();
  const [values, setValues] = useState<Record<Field, string>>({
    name: initialName,
    email: initialEmail,
    subject: '',
    message: '',
    url: initialUrl,
  });
  const [checked, setChecked] = useState(false);
  const field = serverErrorField(error);

  function clientError(name: Field): string | null {
    if (!checked) return null;
    if (name === 'email') return errorTexts.field(checkField(EmailField, values.email));
    if (name !== 'url' && !values[name].trim()) return t('complaints.required');
    return null;
  }
  function errorFor(name: Field): string | null {
    return clientError(name) ?? (field === name ? errorTexts.server(error) : null);
  }
  const set = (name: Field) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    const invalid =
      checkField(EmailField, values.email) ||
      !values.name.trim() ||
      !values.subject.trim() ||
      !values.message.trim();
    if (invalid) return;
    await submitComplaint({
      name: values.name.trim(),
      email: values.email.trim(),
      subject: values.subject.trim(),
      message: values.message.trim(),
      ...(values.url.trim() ? { url: values.url.trim() } : {}),
    });
  }

  if (isSuccess) return <FormAlert kind="success">{t('complaints.sent')}</FormAlert>;

  return (
    <form onSubmit={submit} noValidate>
      {error && !field ? <FormAlert>{errorTexts.server(error)}</FormAlert> : null}
      <TextField
        id="complaint-name"
        label={t('fields.yourName')}
        autoComplete="name"
        value={values.name}
        onChange={set('name')}
        error={errorFor('name')}
      />
      <TextField
        id="complaint-email"
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={set('email')}
        error={errorFor('email')}
      />
      <TextField
        id="complaint-subject"
        label={t('fields.subject')}
        maxLength={200}
        value={values.subject}
        onChange={set('subject')}
        error={errorFor('subject')}
      />
      <div className="mb-3">
        <label htmlFor="complaint-message" className="form-label">
          {t('fields.message')}
        </label>
        <textarea
          id="complaint-message"
          className={`form-control${errorFor('message') ? ' is-invalid' : ''}`}
          rows={6}
          maxLength={COMPLAINT_MESSAGE_MAX_LENGTH}
          value={values.message}
          onChange={(event) => set('message')(event.target.value)}
          aria-invalid={errorFor('message') ? true : undefined}
          aria-describedby={errorFor('message') ? 'complaint-message-error' : undefined}
        />
        {errorFor('message') ? (
          <div id="complaint-message-error" className="invalid-feedback d-block">
            {errorFor('message')}
          </div>
        ) : null}
      </div>
      <TextField
        id="complaint-url"
        label={t('fields.url')}
        type="url"
        value={values.url}
        onChange={set('url')}
        error={errorFor('url')}
      />
      <SubmitButton pending={isLoading}>{t('complaints.submit')}</SubmitButton>
    </form>
  );
}
