import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './field.css';

export interface FieldProps {
  /** The input's id (useFieldForm's idOf). */
  id: string;
  label: string;
  /** Marks the label "(optional)", as antd's `requiredMark="optional"` does. */
  optional?: boolean;
  error?: string;
  /** Help under the field while it has no error. */
  extra?: ReactNode;
  children: ReactNode;
}

/**
 * A label above its input and, under it, the field's error or help: antd's vertical form item
 * in plain markup and CSS (the sign-in screens load no antd). The help line's id is the one
 * useFieldForm's `field()` names in the input's aria-describedby, so it is always rendered.
 */
export function Field({ id, label, optional = false, error, extra, children }: FieldProps) {
  const { t } = useTranslation('public');
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional && <span className="field__optional"> {t('form.optional')}</span>}
      </label>
      {children}
      <div id={`${id}-help`} className={error ? 'field__error' : 'field__extra'} aria-live="polite">
        {error ?? extra}
      </div>
    </div>
  );
}

type InputProps = InputHTMLAttributes<HTMLInputElement>;

/** A text input with an optional fixed prefix (such as +91) and an action inside its frame. */
export function TextInput({
  prefix,
  suffix,
  className,
  ...input
}: InputProps & { prefix?: ReactNode; suffix?: ReactNode }) {
  if (!prefix && !suffix) return <input className={`field__input ${className ?? ''}`} {...input} />;
  return (
    <span className="field__frame">
      {prefix && (
        <span className="field__prefix" aria-hidden="true">
          {prefix}
        </span>
      )}
      <input className={`field__input field__input--framed ${className ?? ''}`} {...input} />
      {suffix}
    </span>
  );
}

/** A password (or PIN) input with a Show / Hide button, as antd's Input.Password has. */
export function PasswordInput(input: Omit<InputProps, 'type'>) {
  const { t } = useTranslation('public');
  const [shown, setShown] = useState(false);
  return (
    <TextInput
      {...input}
      type={shown ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className="field__action"
          aria-controls={input.id}
          onClick={() => setShown((now) => !now)}
        >
          {shown ? t('form.hide') : t('form.show')}
        </button>
      }
    />
  );
}
