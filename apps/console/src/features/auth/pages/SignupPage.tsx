import { useState } from 'react';
import { Result } from 'antd';
import { Link } from 'react-router-dom';
import { AppPath } from '../../../app/paths';
import { ButtonLink } from '../../../ui/ButtonLink';
import { AuthLayout } from '../components/AuthLayout';
import { SignupForm } from '../components/SignupForm';

/** /signup and /register: a retailer opens an account on their own (direct onboard). */
export function SignupPage() {
  const [signedUp, setSignedUp] = useState<string>();

  if (signedUp) {
    return (
      <AuthLayout title="Account created" intro="Welcome to Khata.">
        <Result
          status="success"
          title={signedUp}
          subTitle="Login with your mobile number and password. Payments are switched on once our team has verified your KYC."
          extra={
            <ButtonLink type="primary" size="large" to={AppPath.login}>
              Go to login
            </ButtonLink>
          }
        />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      wide
      title="Open a Khata account"
      intro="For retailers: a wallet, bank payouts and bill payments for your counter. It takes two minutes."
      footer={
        <p>
          Already have an account? <Link to={AppPath.login}>Login</Link>
        </p>
      }
    >
      <SignupForm onSignedUp={setSignedUp} />
    </AuthLayout>
  );
}
