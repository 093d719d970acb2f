import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { TERMS_FLAG_DAYS } from '@khata/domain';
import { AppPath } from '../../app/paths';
import { readCookie, writeCookie } from '../../features/auth/session/siteCookies';
import { useLogout } from '../../features/auth/session/useLogout';
import { useLiveChannel } from '../../features/admin/realtime/useLiveUpdates';
import { TermsConstants } from '../../features/pages/legal/legal-document';

/** The terms acceptance flag (spec §4, §9): "yes" or "no", kept for 1 day. */
export const TERMS_COOKIE = 'khata_terms';

/**
 * Spec §4: the terms popup shows while the stored flag is not "yes" (it is "no", or there is
 * none yet). Accept stores "yes" for a day; decline stores "no", logs out this session and
 * goes to /login. The popup cannot be dismissed any other way.
 */
export function TermsGate() {
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
      title="Terms and conditions"
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      centered
      footer={[
        <Button key="decline" onClick={decline} loading={logout.isPending}>
          Decline
        </Button>,
        <Button key="accept" type="primary" onClick={accept} disabled={logout.isPending}>
          Accept
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        Before you continue, please read and accept the terms of using Khata. In short:
      </Typography.Paragraph>
      <ul className="terms-gate__points">
        <li>Our liability for any transaction is capped at {TermsConstants.liabilityCap}.</li>
        <li>
          Either side may end the agreement: Khata with {TermsConstants.companyNotice}&apos; notice,
          you with {TermsConstants.merchantNotice}&apos; notice.
        </li>
        <li>
          Refunds of transfers through third parties take {TermsConstants.thirdPartyRefundTime}.
        </li>
      </ul>
      <Typography.Paragraph>
        <Link to={AppPath.termsAndConditions} target="_blank" rel="noopener">
          Read the full terms and conditions
        </Link>
      </Typography.Paragraph>
    </Modal>
  );
}
