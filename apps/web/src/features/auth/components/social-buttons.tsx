import { useClientConfig } from '@/lib/client-config';
import { useSchool } from '@/lib/school';
import { startSocialSignIn } from '../social-sign-in';

/** Facebook and Google buttons under one "or", each shown when the school's flag is on and the platform has the provider. */
export function SocialButtons({ mode, rememberMe = () => true }: { mode: 'login' | 'signup'; rememberMe?: () => boolean }) {
  const { data: school } = useSchool();
  const { data: config } = useClientConfig();
  const products = school?.config.products;
  const facebook = products?.facebook_sso && config?.social.facebook;
  const google = products?.google_sso && config?.social.google;
  if (!facebook && !google) return null;
  const verb = mode === 'login' ? 'Continue' : 'Sign up';
  return (
    <div className="social-buttons">
      <p className="divider">
        <span>or</span>
      </p>
      {facebook && (
        <button type="button" className="btn btn-social btn-facebook" onClick={() => startSocialSignIn('facebook', mode, config!, rememberMe())}>
          {verb} with Facebook
        </button>
      )}
      {google && (
        <button type="button" className="btn btn-social btn-google" onClick={() => startSocialSignIn('google', mode, config!, rememberMe())}>
          {verb} with Google
        </button>
      )}
    </div>
  );
}
