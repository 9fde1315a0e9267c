import { useParams } from 'react-router';
import { sessionMessages } from '@school/shared/auth/messages';
import { CERTIFICATE_CODE, certificateMessages as msg } from '@school/shared/certificates/rules';
import { PageHeader } from '@/components/breadcrumb';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { useSchool } from '@/lib/school';
import { useCertificate } from '../api/certificate-calls';
import { CertificateView } from '../components/certificate-view';
import '../certificates.css';

/** /certificates/{code} (DECISIONS.md "Certificates"): anybody holding the code, or the QR code, checks the certificate here. */
export function CertificatePage() {
  const { code = '' } = useParams();
  const { data: school } = useSchool();
  // A code that cannot be one is not asked for: it names no certificate.
  const wellFormed = CERTIFICATE_CODE.test(code);
  const certificate = useCertificate(wellFormed ? code : null);
  const missing = !wellFormed || (certificate.error instanceof ApiError && (certificate.error.status === 404 || certificate.error.status === 400));

  return (
    <main>
      <PageHeader title="Certificate" cover={school?.cover} trail={[{ label: 'Home', to: paths.home }, { label: 'Certificate' }]} />
      <div className="container certificate-page">
        {missing ? (
          <p className="banner banner-error certificate-missing" role="alert">
            {msg.notFound}
          </p>
        ) : certificate.error ? (
          <p className="banner banner-error" role="alert">
            {sessionMessages.genericServerError}
          </p>
        ) : !certificate.data ? (
          <Loading />
        ) : (
          <CertificateView certificate={certificate.data} timeZone={school?.time_zone ?? null} />
        )}
      </div>
    </main>
  );
}
