import { todayIn } from '../school/dates';

export interface LinkedInCertificate {
  course: string;
  school: string;
  /** When it was given (ISO), and the issuing school's time zone: the month a learner enters is the school's. */
  timestamp: string;
  timeZone: string;
  /** The public verification page, which LinkedIn shows as the credential's link. */
  address: string;
  code: string;
}

/**
 * LinkedIn's "Add licence or certification" form, filled in: its add-to-profile address takes the name, the
 * issuing organisation, the month and year of issue, the credential's address and id as query parameters.
 */
export function linkedInAddUrl(certificate: LinkedInCertificate): string {
  const [year, month] = todayIn(certificate.timeZone, new Date(certificate.timestamp)).split('-');
  const query = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certificate.course,
    organizationName: certificate.school,
    issueYear: year!,
    issueMonth: String(Number(month)),
    certUrl: certificate.address,
    certId: certificate.code,
  });
  return `https://www.linkedin.com/profile/add?${query}`;
}
