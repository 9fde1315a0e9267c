import { todayIn } from '../school/dates';
import type { MyCertificate } from './schemas';

/**
 * LinkedIn's "Add licence or certification" form, filled in: its add-to-profile address takes the name, the
 * issuing organisation, the month and year of issue (on the issuing school's clock), the credential's address
 * (the public verification page) and id as query parameters.
 */
export function linkedInAddUrl(certificate: Pick<MyCertificate, 'course_name' | 'school' | 'timestamp' | 'time_zone' | 'address' | 'code'>): string {
  const [year, month] = todayIn(certificate.time_zone, new Date(certificate.timestamp)).split('-');
  const query = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certificate.course_name,
    organizationName: certificate.school,
    issueYear: year!,
    issueMonth: String(Number(month)),
    certUrl: certificate.address,
    certId: certificate.code,
  });
  return `https://www.linkedin.com/profile/add?${query}`;
}
