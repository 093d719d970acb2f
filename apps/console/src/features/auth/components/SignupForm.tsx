import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  checkMobile,
  checkName,
  checkNewPassword,
  checkOptionalEmail,
  checkOptionalShopName,
  checkOtp,
  checkPin,
  MOBILE_DIGITS,
  normalizeMobile,
  PASSWORD_MIN_LENGTH,
  PIN_MAX_LENGTH,
  PIN_MIN_LENGTH,
} from '@khata/domain';
import { buttonClassName } from '../../../ui/button/button';
import { messageOf, sameAs } from '../../../ui/form/checks';
import { Field, PasswordInput, TextInput } from '../../../ui/form/Field';
import { useFieldForm } from '../../../ui/form/useFieldForm';
import { authApi } from '../api';
import { confirmMessages } from '../formRules';
import { AuthAlert } from './AuthLayout';

type SignupValues = {
  name: string;
  mobile: string;
  otp: string;
  email: string;
  shopName: string;
  password: string;
  confirmPassword: string;
  pin: string;
  confirmPin: string;
};

const EMPTY: SignupValues = {
  name: '',
  mobile: '',
  otp: '',
  email: '',
  shopName: '',
  password: '',
  confirmPassword: '',
  pin: '',
  confirmPin: '',
};

/**
 * Direct onboard (/signup, /register): the mobile is proven with an OTP first ("Send OTP",
 * then the code with the rest of the form); answers the API's message once the account exists.
 */
export function SignupForm({ onSignedUp }: { onSignedUp: (message: string) => void }) {
  const { t } = useTranslation('auth');
  const confirm = confirmMessages(t);
  const [otpSentTo, setOtpSentTo] = useState<string>();
  const signup = useMutation({
    mutationFn: authApi.signup,
    onSuccess: (answer) => onSignedUp(answer.message),
  });
  const sendOtp = useMutation({
    mutationFn: authApi.signupOtp,
    onSuccess: (_answer, mobile) => setOtpSentTo(mobile),
  });
  const form = useFieldForm<SignupValues>({
    initial: EMPTY,
    checks: {
      name: messageOf(checkName),
      mobile: messageOf(checkMobile),
      otp: messageOf(checkOtp),
      email: messageOf(checkOptionalEmail),
      shopName: messageOf(checkOptionalShopName),
      password: messageOf(checkNewPassword),
      confirmPassword: sameAs(
        'password',
        confirm.passwordConfirmRequired,
        confirm.passwordMismatch,
      ),
      pin: messageOf(checkPin),
      confirmPin: sameAs('pin', confirm.pinConfirmRequired, confirm.pinMismatch),
    },
    normalize: { mobile: normalizeMobile },
    dependents: { password: ['confirmPassword'], pin: ['confirmPin'] },
  });
  const requestOtp = () => {
    const valid = form.validate(['mobile']);
    if (valid) sendOtp.mutate(valid.mobile);
  };

  const submit = ({ confirmPassword: _password, confirmPin: _pin, ...details }: SignupValues) =>
    signup.mutate({
      ...details,
      email: details.email.trim() || undefined,
      shopName: details.shopName.trim() || undefined,
    });

  return (
    <form
      name="signup"
      className="auth-form"
      noValidate
      onSubmit={form.onSubmit(submit)}
      onChange={() => {
        if (signup.error) signup.reset();
      }}
    >
      {signup.error && <AuthAlert kind="error">{signup.error.message}</AuthAlert>}
      {sendOtp.error && <AuthAlert kind="error">{sendOtp.error.message}</AuthAlert>}
      <fieldset className="auth-form__fieldset" disabled={signup.isPending}>
        <Field id={form.idOf('name')} label={t('signup.name')} error={form.errors.name}>
          <TextInput {...form.field('name')} autoComplete="name" />
        </Field>
        <div className="auth-form__row">
          <Field id={form.idOf('mobile')} label={t('signup.mobile')} error={form.errors.mobile}>
            <TextInput
              {...form.field('mobile')}
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={MOBILE_DIGITS}
              prefix="+91"
            />
          </Field>
          <Field
            id={form.idOf('otp')}
            label={t('signup.otp.label')}
            error={form.errors.otp}
            extra={otpSentTo ? t('signup.otp.sentTo', { mobile: otpSentTo }) : t('signup.otp.hint')}
          >
            <TextInput
              {...form.field('otp')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              suffix={
                <button
                  type="button"
                  className="field__action"
                  onClick={requestOtp}
                  disabled={sendOtp.isPending}
                  aria-busy={sendOtp.isPending}
                >
                  {otpSentTo ? t('signup.otp.resend') : t('signup.otp.send')}
                </button>
              }
            />
          </Field>
        </div>
        <Field id={form.idOf('email')} label={t('signup.email')} optional error={form.errors.email}>
          <TextInput {...form.field('email')} type="email" autoComplete="email" />
        </Field>
        <Field
          id={form.idOf('shopName')}
          label={t('signup.shopName')}
          optional
          error={form.errors.shopName}
        >
          <TextInput {...form.field('shopName')} autoComplete="organization" />
        </Field>
        <div className="auth-form__row">
          <Field
            id={form.idOf('password')}
            label={t('signup.password')}
            error={form.errors.password}
            extra={t('signup.passwordHelp', { min: PASSWORD_MIN_LENGTH })}
          >
            <PasswordInput {...form.field('password')} autoComplete="new-password" />
          </Field>
          <Field
            id={form.idOf('confirmPassword')}
            label={t('signup.confirmPassword')}
            error={form.errors.confirmPassword}
          >
            <PasswordInput {...form.field('confirmPassword')} autoComplete="new-password" />
          </Field>
        </div>
        <div className="auth-form__row">
          <Field
            id={form.idOf('pin')}
            label={t('signup.pin')}
            error={form.errors.pin}
            extra={t('signup.pinHelp', { min: PIN_MIN_LENGTH, max: PIN_MAX_LENGTH })}
          >
            <PasswordInput
              {...form.field('pin')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={PIN_MAX_LENGTH}
            />
          </Field>
          <Field
            id={form.idOf('confirmPin')}
            label={t('signup.confirmPin')}
            error={form.errors.confirmPin}
          >
            <PasswordInput
              {...form.field('confirmPin')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={PIN_MAX_LENGTH}
            />
          </Field>
        </div>
        <button
          type="submit"
          className={buttonClassName({
            variant: 'primary',
            size: 'large',
            block: true,
            loading: signup.isPending,
            className: 'auth-form__submit',
          })}
          aria-busy={signup.isPending}
        >
          {t('signup.submit')}
        </button>
      </fieldset>
    </form>
  );
}
