import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkMobile, checkPasswordInput, MOBILE_DIGITS, normalizeMobile } from '@khata/domain';
import { useNavigate } from 'react-router-dom';
import { buttonClassName } from '../../../ui/button/button';
import { Field, PasswordInput, TextInput } from '../../../ui/form/Field';
import { messageOf } from '../../../ui/form/checks';
import { useFieldForm } from '../../../ui/form/useFieldForm';
import type { Credentials, SignedIn } from '../api';
import { startSession } from '../session/session';
import { AuthAlert } from './AuthLayout';

export interface SignInFormProps {
  /** The API's sign-in call for this door (main or partner). */
  signIn: (credentials: Credentials) => Promise<SignedIn>;
  /** Where the user lands once signed in. */
  destination: string;
}

/** Mobile number and password; on success the session starts and the user goes in. */
export function SignInForm({ signIn, destination }: SignInFormProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const login = useMutation({
    mutationFn: signIn,
    onSuccess: (signedIn) => {
      startSession(signedIn);
      void navigate(destination, { replace: true });
    },
  });
  const form = useFieldForm<{ mobile: string; password: string }>({
    initial: { mobile: '', password: '' },
    checks: { mobile: messageOf(checkMobile), password: messageOf(checkPasswordInput) },
    normalize: { mobile: normalizeMobile },
  });

  return (
    <form
      name="sign-in"
      className="auth-form"
      noValidate
      onSubmit={form.onSubmit((credentials) => login.mutate(credentials))}
      // A new attempt hides the previous refusal.
      onChange={() => {
        if (login.error) login.reset();
      }}
    >
      {login.error && <AuthAlert kind="error">{login.error.message}</AuthAlert>}
      <fieldset className="auth-form__fieldset" disabled={login.isPending}>
        <Field id={form.idOf('mobile')} label={t('signIn.mobile')} error={form.errors.mobile}>
          <TextInput
            {...form.field('mobile')}
            inputMode="numeric"
            autoComplete="username"
            maxLength={MOBILE_DIGITS}
            placeholder={t('signIn.mobilePlaceholder')}
            prefix="+91"
          />
        </Field>
        <Field id={form.idOf('password')} label={t('signIn.password')} error={form.errors.password}>
          <PasswordInput {...form.field('password')} autoComplete="current-password" />
        </Field>
        <button
          type="submit"
          className={buttonClassName({
            variant: 'primary',
            size: 'large',
            block: true,
            loading: login.isPending,
            className: 'auth-form__submit',
          })}
          aria-busy={login.isPending}
        >
          {t('signIn.submit')}
        </button>
      </fieldset>
    </form>
  );
}
