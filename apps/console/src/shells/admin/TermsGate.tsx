import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TERMS_FLAG_DAYS } from '@khata/domain';
import { AppPath } from '../../app/paths';
import { readCookie, writeCookie } from '../../features/auth/session/siteCookies';
import { useLogout } from '../../features/auth/session/useLogout';
import { useLiveChannel } from '../../features/admin/realtime/useLiveUpdates';
import { TermsConstants } from '../../features/pages/legal/legal-document';

/** The figure of a term ("15 days" → "15", "7-10 working days" → "7-10"): Hindi words it itself. */
function figureOf(term: string): string {
  return /\d+(?:-\d+)?/.exec(term)?.[0] ?? term;
}

/** The terms of spec §9 as the popup quotes them: English as written, figures for Hindi. */
const TERMS = {
  liabilityCap: TermsConstants.liabilityCap,
  capRupees: figureOf(TermsConstants.liabilityCap),
  companyNotice: TermsConstants.companyNotice,
  companyNoticeDays: figureOf(TermsConstants.companyNotice),
  merchantNotice: TermsConstants.merchantNotice,
  merchantNoticeDays: figureOf(TermsConstants.merchantNotice),
  thirdPartyRefundTime: TermsConstants.thirdPartyRefundTime,
  refundDays: figureOf(TermsConstants.thirdPartyRefundTime),
};

/** The terms acceptance flag (spec §4, §9): "yes" or "no", kept for 1 day. */
export const TERMS_COOKIE = 'khata_terms';

/**
 * Spec §4: the terms popup shows while the stored flag is not "yes" (it is "no", or there is
 * none yet). Accept stores "yes" for a day; decline stores "no", logs out this session and
 * goes to /login. The popup cannot be dismissed any other way.
 */
export function TermsGate() {
  const { t } = useTranslation('shell');
  const [accepted, setAccepted] = useState(() => readCookie(TERMS_COOKIE) === 'yes');
  const logout = useLogout();
  const { expectLogout } = useLiveChannel();

  const accept = () => {
    writeCookie(TERMS_COOKIE, 'yes', { days: TERMS_FLAG_DAYS });
    setAccepted(true);
  };
  const decline = () => {
    writeCookie(TERMS_COOKIE, 'no', { days: TERMS_FLAG_DAYS });
    expectLogout();
    logout.mutate();
  };

  return (
    <Modal
      open={!accepted}
      title={t('termsGate.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      centered
      footer={[
        <Button key="decline" onClick={decline} loading={logout.isPending}>
          {t('termsGate.decline')}
        </Button>,
        <Button key="accept" type="primary" onClick={accept} disabled={logout.isPending}>
          {t('termsGate.accept')}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{t('termsGate.intro')}</Typography.Paragraph>
      <ul className="terms-gate__points">
        <li>{t('termsGate.points.liability', TERMS)}</li>
        <li>{t('termsGate.points.notice', TERMS)}</li>
        <li>{t('termsGate.points.refunds', TERMS)}</li>
      </ul>
      <Typography.Paragraph>
        <Link to={AppPath.termsAndConditions} target="_blank" rel="noopener">
          {t('termsGate.readFull')}
        </Link>
      </Typography.Paragraph>
    </Modal>
  );
}
