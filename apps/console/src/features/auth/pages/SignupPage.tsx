import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AppPath } from '../../../app/paths';
import { LinkButton } from '../../../ui/button/LinkButton';
import { AuthLayout } from '../components/AuthLayout';
import { SignupForm } from '../components/SignupForm';

/** /signup and /register: a retailer opens an account on their own (direct onboard). */
export function SignupPage() {
  const [signedUp, setSignedUp] = useState<string>();

  if (signedUp) {
    return (
      <AuthLayout title="Account created" intro="Welcome to Khata.">
        <div className="auth-result" role="status">
          <p className="auth-result__title">{signedUp}</p>
          <p>
            Login with your mobile number and password. Payments are switched on once our team has
            verified your KYC.
          </p>
          <LinkButton variant="primary" size="large" to={AppPath.login}>
            Go to login
          </LinkButton>
        </div>
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
