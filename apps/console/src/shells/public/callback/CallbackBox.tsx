import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CALLBACK_MESSAGE_MAX, CALLBACK_NAME_MAX } from '@khata/domain';
import { useHydrated } from '../../../app/hydration';
import { buttonClassName } from '../../../ui/button/button';
import { SUPPORT_CONTACTS } from '../support-contacts';
import { callbackFieldError, type CallbackField } from './callback-rules';
import { useCallbackRequest } from './useCallbackRequest';
import './callback-box.css';

type CallbackValues = Record<CallbackField, string>;
type CallbackErrors = Partial<Record<CallbackField, string>>;

const EMPTY: CallbackValues = { name: '', mobile: '', message: '' };
const FIELDS: CallbackField[] = ['name', 'mobile', 'message'];

export interface CallbackBoxProps {
  /** `compact` sits above the footer of every public page; `full` is the contact page's. */
  variant?: 'compact' | 'full';
}

/**
 * "Request a call-back": a visitor leaves a name and number, and support calls them.
 *
 * A plain form, not antd's: the box is on every public page, so antd's form code would join
 * every first load. A field is checked when it loses the focus and on sending, and again as
 * it is typed into once it has shown an error, with the libs/domain rules the API applies.
 */
export function CallbackBox({ variant = 'compact' }: CallbackBoxProps) {
  const { t } = useTranslation('public');
  const request = useCallbackRequest();
  const hydrated = useHydrated();
  const headingId = useId();
  // Two boxes may share a page while one route replaces another; their field ids must not.
  const idPrefix = `callback-${variant}-${useId()}`;
  const [values, setValues] = useState<CallbackValues>(EMPTY);
  const [errors, setErrors] = useState<CallbackErrors>({});

  const recheck = (field: CallbackField, value: string) =>
    setErrors((shown) => ({ ...shown, [field]: callbackFieldError(field, value) }));

  const change = (field: CallbackField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) recheck(field, value);
  };

  const send = () => {
    const found: CallbackErrors = {};
    for (const field of FIELDS) found[field] = callbackFieldError(field, values[field]);
    setErrors(found);
    const firstWrong = FIELDS.find((field) => found[field]);
    if (firstWrong) {
      document.getElementById(`${idPrefix}-${firstWrong}`)?.focus();
      return;
    }
    const note = values.message.trim();
    request.mutate({
      name: values.name.trim(),
      mobile: values.mobile,
      ...(note ? { message: note } : {}),
    });
  };

  const startAgain = () => {
    setValues(EMPTY);
    setErrors({});
    request.reset();
  };

  const fieldProps = (field: CallbackField) => ({
    id: `${idPrefix}-${field}`,
    name: field,
    value: values[field],
    className: 'callback-field__input',
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${idPrefix}-${field}-error` : undefined,
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    onBlur: () => {
      if (values[field] !== '') recheck(field, values[field]);
    },
  });

  return (
    <section className={`callback-box callback-box--${variant}`} aria-labelledby={headingId}>
      <div className="callback-box__intro">
        <h2 id={headingId} className="callback-box__title">
          {t('callback.title')}
        </h2>
        <p className="callback-box__lead">{t('callback.lead', { hours: t('support.hours') })}</p>
      </div>

      <div className="callback-box__body">
        {request.isSuccess ? (
          <CallbackThanks message={request.data.message} onStartAgain={startAgain} />
        ) : (
          <form
            className="callback-box__form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              send();
            }}
          >
            <fieldset className="callback-box__fieldset" disabled={request.isPending}>
              <div className="callback-box__fields">
                <CallbackFieldRow
                  id={`${idPrefix}-name`}
                  label={t('callback.name')}
                  error={errors.name}
                >
                  <input
                    {...fieldProps('name')}
                    autoComplete="name"
                    maxLength={CALLBACK_NAME_MAX}
                  />
                </CallbackFieldRow>
                <CallbackFieldRow
                  id={`${idPrefix}-mobile`}
                  label={t('callback.mobile')}
                  error={errors.mobile}
                >
                  <input
                    {...fieldProps('mobile')}
                    autoComplete="tel-national"
                    inputMode="numeric"
                    maxLength={14}
                    placeholder={t('callback.mobilePlaceholder')}
                  />
                </CallbackFieldRow>
              </div>
              <CallbackFieldRow
                id={`${idPrefix}-message`}
                label={t('callback.message')}
                optional
                error={errors.message}
              >
                <textarea
                  {...fieldProps('message')}
                  className="callback-field__input callback-field__input--grows"
                  rows={variant === 'full' ? 3 : 1}
                  maxLength={CALLBACK_MESSAGE_MAX}
                  placeholder={t('callback.messagePlaceholder')}
                />
              </CallbackFieldRow>
              {request.isError && (
                <p className="callback-box__error" role="alert">
                  {request.error.message}
                </p>
              )}
              <button
                type="submit"
                className={buttonClassName({ variant: 'primary', loading: request.isPending })}
                aria-busy={request.isPending}
                // Prerendered (issue 30): no send before the script runs, which would put the
                // fields in the page's address.
                disabled={!hydrated}
              >
                {t('callback.send')}
              </button>
            </fieldset>
          </form>
        )}
      </div>
    </section>
  );
}

interface CallbackFieldRowProps {
  id: string;
  label: string;
  optional?: boolean;
  error?: string;
  children: ReactNode;
}

/** A label above its field and the field's error below it, as antd's vertical form lays out. */
function CallbackFieldRow({ id, label, optional = false, error, children }: CallbackFieldRowProps) {
  const { t } = useTranslation('public');
  return (
    <div className={`callback-field${error ? ' callback-field--error' : ''}`}>
      <label className="callback-field__label" htmlFor={id}>
        {label}
        {optional && <span className="callback-field__optional"> {t('form.optional')}</span>}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="callback-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Takes the focus when it appears, so keyboard and screen-reader users hear the answer. */
function CallbackThanks({ message, onStartAgain }: { message: string; onStartAgain: () => void }) {
  const { t } = useTranslation('public');
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus({ preventScroll: true }), []);
  return (
    <div className="callback-box__thanks" role="status" tabIndex={-1} ref={panel}>
      <p className="callback-box__thanks-title">{message}</p>
      <p>{t('callback.thanks', { number: SUPPORT_CONTACTS.phone.display })}</p>
      <button type="button" className={buttonClassName()} onClick={onStartAgain}>
        {t('callback.again')}
      </button>
    </div>
  );
}
