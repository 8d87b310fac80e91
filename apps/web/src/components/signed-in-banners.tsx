import { VerifyEmailBanner } from './verify-email-banner';
import { WsBanner } from './ws-banner';

/** The banners a signed-in user may see above a page (Page loads them only for one). */
export function SignedInBanners() {
  return (
    <>
      <VerifyEmailBanner />
      <WsBanner />
    </>
  );
}
