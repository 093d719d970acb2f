import { useId } from 'react';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkMobile, MOBILE_DIGITS, normalizeMobile } from '@khata/domain';

export interface RemitterMobileFieldProps {
  value: string;
  onChange: (typed: string) => void;
  /** The lookup is on its way. */
  loading?: boolean;
  /** Why the number could not be looked up (the API's refusal). */
  error?: string;
}

/** The remitter's number as typed, once it is a whole 10-digit mobile; else undefined. */
export function remitterMobileOf(typed: string): string | undefined {
  const mobile = checkMobile(typed);
  return mobile.ok ? mobile.value : undefined;
}

/**
 * The walk-in customer's mobile number: the remitter is looked up as soon as it has 10 digits
 * (spec §4's wallet lookup, for remitters). Non-digits are dropped as they are typed.
 */
export function RemitterMobileField({ value, onChange, loading, error }: RemitterMobileFieldProps) {
  const { t } = useTranslation('remitters');
  const id = useId();
  const shown = value.length === MOBILE_DIGITS ? checkMobile(value) : undefined;
  const problem = error ?? (shown && !shown.ok ? shown.message : undefined);
  return (
    <div className="dmt-mobile">
      <label htmlFor={id} className="dmt-mobile__label">
        {t('mobileField.label')}
      </label>
      <Input
        id={id}
        size="large"
        value={value}
        inputMode="numeric"
        autoComplete="off"
        maxLength={MOBILE_DIGITS}
        placeholder={t('mobileField.placeholder')}
        prefix={<span className="dmt-mobile__prefix">+91</span>}
        status={problem ? 'error' : undefined}
        onChange={(event) => onChange(normalizeMobile(event.target.value))}
        suffix={
          loading ? (
            <span className="dmt-mobile__looking">{t('mobileField.lookingUp')}</span>
          ) : (
            <span />
          )
        }
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      {problem && (
        <p id={`${id}-problem`} className="dmt-mobile__problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
