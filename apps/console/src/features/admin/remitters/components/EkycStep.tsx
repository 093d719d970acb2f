import { useId, useState } from 'react';
import { Alert, App, Button, Checkbox, Input } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { useRemitterEkyc, type Remitter } from '../api';

/**
 * e-KYC through the provider, by Aadhaar OTP: with the customer's consent the provider sends
 * UIDAI's OTP to their Aadhaar-linked mobile (the provider collects the Aadhaar number on its
 * own page; Khata never sees one), then the code the customer reads out completes it. Khata
 * keeps only the provider's reference. Fingerprint e-KYC needs an RD-service device the console
 * does not talk to yet (docs/decisions.md).
 */
export function EkycStep({ remitter }: { remitter: Remitter }) {
  const { t } = useTranslation('remitters');
  const { message } = App.useApp();
  const ekyc = useRemitterEkyc();
  const [consent, setConsent] = useState(false);
  const [otpSent, setOtpSent] = useState(false);
  const [otp, setOtp] = useState('');
  const otpId = useId();

  const start = () =>
    ekyc.mutate(
      { mobile: remitter.mobile, method: 'otp', consent },
      {
        onSuccess: (answer) => {
          setOtpSent(true);
          void message.success(answer.message ?? t('ekyc.otpSent'));
        },
      },
    );
  const complete = () =>
    ekyc.mutate(
      { mobile: remitter.mobile, method: 'otp', consent, otp: otp.trim() },
      { onSuccess: (answer) => void message.success(answer.message ?? t('ekyc.done')) },
    );

  return (
    <div className="dmt-ekyc" data-testid="remitter-ekyc">
      <p className="dmt-card__intro">
        <Trans
          t={t}
          i18nKey="ekyc.intro"
          values={{ name: remitter.name }}
          components={{ strong: <strong /> }}
        />
      </p>
      {ekyc.isError && (
        <Alert className="dmt-alert" type="error" showIcon title={ekyc.error.message} />
      )}
      {otpSent ? (
        <>
          <label htmlFor={otpId} className="dmt-otp__label">
            {t('ekyc.otpLabel')}
          </label>
          <Input
            id={otpId}
            value={otp}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="dmt-otp__code"
            onChange={(event) => setOtp(event.target.value.replace(/\D/g, ''))}
            onPressEnter={complete}
          />
          <div className="dmt-buttons">
            <Button onClick={start} disabled={ekyc.isPending}>
              {t('ekyc.resend')}
            </Button>
            <Button
              type="primary"
              loading={ekyc.isPending}
              disabled={otp.length !== 6}
              onClick={complete}
            >
              {t('ekyc.complete')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <Checkbox checked={consent} onChange={(event) => setConsent(event.target.checked)}>
            {t('ekyc.consent')}
          </Checkbox>
          <Button type="primary" block loading={ekyc.isPending} disabled={!consent} onClick={start}>
            {t('ekyc.start')}
          </Button>
        </>
      )}
    </div>
  );
}
