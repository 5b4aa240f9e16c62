import type { ReactNode } from 'react';
import type { StaffSiteSettings } from '@dating/shared/contract/staff';

/** What each section of the site form reads and writes: the draft, its setter and the message under a field. */
export interface SiteFormFields {
  draft: StaffSiteSettings;
  set<K extends keyof StaffSiteSettings>(key: K, value: StaffSiteSettings[K]): void;
  /** The form's own check once the staff member tried to save, or the server's; `texts.de.index_title` for a text. */
  messageFor(field: string): string | undefined;
}

export interface FieldInputProps {
  id: string;
  className: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/** One labelled field: its message (or help) below it, tied to the input by `aria-describedby`. */
export function SiteField({
  form,
  name,
  label,
  help,
  children,
}: {
  form: SiteFormFields;
  /** The server's name of the field (`texts.de.index_title`), which the id and the test id are made of. */
  name: string;
  label: string;
  help?: string;
  children(props: FieldInputProps): ReactNode;
}) {
  const message = form.messageFor(name);
  const id = `site-${name.replace(/\./g, '-')}`;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children({
        id,
        className: message ? 'is-invalid' : '',
        'aria-invalid': !!message,
        'aria-describedby': message ? `${id}-error` : help ? `${id}-help` : undefined,
      })}
      {message ? (
        <div id={`${id}-error`} className="invalid-feedback d-block" data-testid={`error-${name}`}>
          {message}
        </div>
      ) : null}
      {help && !message ? (
        <div id={`${id}-help`} className="form-text">
          {help}
        </div>
      ) : null}
    </div>
  );
}

type TextSetting = 'name' | 'domain' | 'mail_name' | 'support_email' | 'support_phone' | 'index_title';

/** A text setting of the site as a plain input. */
export function SiteTextInput({
  form,
  name,
  label,
  help,
}: {
  form: SiteFormFields;
  name: TextSetting;
  label: string;
  help?: string;
}) {
  return (
    <SiteField form={form} name={name} label={label} help={help}>
      {(props) => (
        <input
          {...props}
          className={`form-control ${props.className}`}
          value={form.draft[name]}
          onChange={(e) => form.set(name, e.target.value)}
        />
      )}
    </SiteField>
  );
}

type NumberSetting = {
  [K in keyof StaffSiteSettings]: StaffSiteSettings[K] extends number ? K : never;
}[keyof StaffSiteSettings];

/** A whole-number setting; an empty input is NaN in the draft, which the form's check refuses. */
export function SiteNumberInput({
  form,
  name,
  label,
  help,
  min,
}: {
  form: SiteFormFields;
  name: Exclude<NumberSetting, 'niche'>;
  label: string;
  help?: string;
  min?: number;
}) {
  const value = form.draft[name];
  return (
    <SiteField form={form} name={name} label={label} help={help}>
      {(props) => (
        <input
          {...props}
          type="number"
          inputMode="numeric"
          min={min}
          className={`form-control ${props.className}`}
          value={Number.isNaN(value) ? '' : value}
          onChange={(e) => form.set(name, e.target.value === '' ? Number.NaN : Number(e.target.value))}
        />
      )}
    </SiteField>
  );
}
