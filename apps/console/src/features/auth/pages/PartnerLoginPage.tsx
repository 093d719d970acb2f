import { Link } from 'react-router-dom';
import { AppPath } from '../../../app/paths';
import { authApi } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { SignInForm } from '../components/SignInForm';
import { PartnerPath } from '../session/signedInPaths';

/** /partnerLogin: partners have their own door and their own area (/partner). */
export function PartnerLoginPage() {
  return (
    <AuthLayout
      title="Partner login"
      intro="For businesses that work with Khata as partners. Use the mobile number and password your Khata partner manager set up for you."
      footer={
        <p>
          Retailer or distributor? <Link to={AppPath.login}>Login here</Link>
        </p>
      }
    >
      <SignInForm signIn={authApi.partnerLogin} destination={PartnerPath.dashboard} />
    </AuthLayout>
  );
}
