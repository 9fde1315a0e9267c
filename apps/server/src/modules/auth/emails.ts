import { actionEmail } from '../../infra/mail/html';
import type { SchoolRow } from '../tenancy/repository';

export function verificationEmail(school: SchoolRow, link: string, hours: number) {
  return {
    subject: `Verify your email for ${school.name}`,
    ...actionEmail({
      schoolName: school.name,
      color: school.primaryColor,
      heading: 'Verify your email address',
      paragraphs: [
        `Thank you for signing up at ${school.name}.`,
        'Please confirm your email address to enrol in courses.',
        `This link expires in ${hours} hours.`,
      ],
      actionLabel: 'Verify Email',
      actionUrl: link,
      footer: `You received this email because an account was created at ${school.name} with this address.`,
    }),
  };
}

export function resetEmail(school: SchoolRow, link: string, minutes: number) {
  return {
    subject: `Reset your ${school.name} password`,
    ...actionEmail({
      schoolName: school.name,
      color: school.primaryColor,
      heading: 'Reset your password',
      paragraphs: [
        'We received a request to reset the password of your account.',
        `The link can be used once and expires in ${minutes} minutes.`,
        'If you did not ask for this, you can ignore this email: your password stays the same.',
      ],
      actionLabel: 'Reset Password',
      actionUrl: link,
      footer: `This email was sent by ${school.name}.`,
    }),
  };
}

/** A school enrolled this address in a course and made its account: choosing a password opens it. */
export function invitationEmail(school: SchoolRow, p: { link: string; course: string; days: number }) {
  return {
    subject: `You are enrolled in ${p.course} at ${school.name}`,
    ...actionEmail({
      schoolName: school.name,
      color: school.primaryColor,
      heading: `Welcome to ${school.name}`,
      paragraphs: [
        `${school.name} enrolled you in ${p.course} and made an account for this address.`,
        'Choose a password to open it and start learning.',
        `The link can be used once and expires in ${p.days} days.`,
      ],
      actionLabel: 'Choose a Password',
      actionUrl: p.link,
      footer: `You received this email because ${school.name} enrolled this address in a course.`,
    }),
  };
}
