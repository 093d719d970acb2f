import { Link } from 'react-router-dom';
import { AppPath } from '../../../app/paths';
import { authApi } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { SignedOutNotice } from '../components/SignedOutNotice';
import { SignInForm } from '../components/SignInForm';
import { SignedInPath } from '../session/signedInPaths';

/** /login and /login-secure: the same door for everyone but partners. */
export function LoginPage() {
  return (
    <AuthLayout
      title="Login to Khata"
      intro="Use the mobile number and password of your Khata account."
      footer={
        <>
          <p>
            New to Khata? <Link to={AppPath.signup}>Open an account</Link>
          </p>
          <p>
            Are you a Khata partner? <Link to={AppPath.partnerLogin}>Partner login</Link>
          </p>
        </>
      }
    >
      <SignedOutNotice />
      <SignInForm signIn={authApi.login} destination={SignedInPath.dashboard} />
    </AuthLayout>
  );
}
