import type { Products } from '@school/shared/school/schemas';
import { demoPolicies } from './demo-policies';

/** The demo schools; README.md lists the same accounts. */
export const demoSchools = [
  {
    domain: 'demo',
    name: 'Juris Academy',
    logo: 'seed/demo/logo.svg',
    cover: 'seed/demo/cover.svg',
    primaryColor: '#1d4ed8',
    description: 'Accredited Mandatory Continuing Legal Education for Philippine lawyers, online and on your schedule.',
    address: '12th Floor, Ayala Tower One, Ayala Avenue, Makati City, Metro Manila 1226',
    phoneNumber: '(02) 8812 3456',
    countryCode: '63',
    mobileNumber: '9171234567',
    email: 'hello@jurisacademy.ph',
    howToVideo: 'seed/demo/how-to.webm',
    faqUrl: null,
    faqSections: [
      {
        question: 'How many MCLE units do I need?',
        answer: '<p>Lawyers must complete 36 units each compliance period, including the required units for legal ethics, trial and pre-trial skills, and alternative dispute resolution.</p>',
      },
      { question: 'Are online courses accredited?', answer: '<p>Yes. Every course shows its accredited units on its page, and your certificate lists them.</p>' },
      {
        question: 'Why does the course take photos during my session?',
        answer: '<p>Random photo validation confirms that the enrolled lawyer is the one attending, as the MCLE rules require.</p>',
      },
      {
        question: 'How do I get my certificate?',
        answer: '<p>Finish every lesson, answer the evaluation survey and sign the certification statement. Your certificate then appears under <strong>My Certificates</strong>.</p>',
      },
    ],
    ...demoPolicies.demo,
    consentForm: 'I consent to the collection and processing of my personal information for MCLE compliance.',
    paymentInstructions: '<p>Pay at the Juris Academy office, Monday to Friday, 9 AM to 5 PM.</p>',
    // {period} and {end}: the compliance period open on the day the demo is seeded (demo-period.ts).
    announcementTitle: 'MCLE {period}',
    announcementBody: '<p>{period} is open until {end}. Complete your 36 units before the deadline to avoid a non-compliance status.</p>',
    signupRewardCoins: 100_000,
    accreditationNumber: 'MCLE-AP-2026-017',
    certificateSignatories: [
      { name: 'Atty. Teresita L. Cruz', title: 'Dean' },
      { name: 'Prof. Eduardo M. Lim', title: 'MCLE Program Director' },
    ],
    rewardGroup: 'MCLE Reviewers PH',
    products: { facebook_sso: true, google_sso: true, mcle: true, kyc: true, apt_coins: true, show_announcement: true, primary_id: null } satisfies Products,
    socials: { facebook: 'https://facebook.com/jurisacademy', linked_in: 'https://linkedin.com/company/jurisacademy', instagram: 'https://instagram.com/jurisacademy' },
  },
  {
    domain: 'acme',
    name: 'Acme Training Institute',
    logo: 'seed/acme/logo.svg',
    cover: 'seed/acme/cover.svg',
    primaryColor: '#b91c1c',
    description: 'Practical short courses in business writing, compliance and workplace skills.',
    address: '88 Jupiter Street, Bel-Air, Makati City 1209',
    phoneNumber: '(02) 8555 0101',
    countryCode: '63',
    mobileNumber: '9189876543',
    email: 'learn@acme-training.ph',
    howToVideo: null,
    faqUrl: null,
    faqSections: [],
    ...demoPolicies.acme,
    consentForm: 'I agree to the processing of my personal information.',
    paymentInstructions: '<p>Pay at our Makati office.</p>',
    announcementTitle: null,
    announcementBody: null,
    certificateSignatories: [{ name: 'Ramon D. Villanueva', title: 'Executive Director' }],
    products: { facebook_sso: false, google_sso: false, mcle: false, kyc: false, apt_coins: false, show_announcement: false, primary_id: null } satisfies Products,
    socials: { twitter: 'https://twitter.com/acmetraining', github: 'https://github.com/acme-training' },
  },
];

/** The IDs Juris Academy accepts; the IBP ID is its primary one (any other needs a second ID beside it). */
export const demoKycTemplates = ['IBP ID', 'Philippine Passport', "Driver's License", 'UMID', 'PhilSys National ID', 'PRC ID'];
export const DEMO_PRIMARY_ID = 'IBP ID';

export const DEMO_PASSWORD = 'Learn2026!';

export const demoAccounts = [
  { username: 'student', email: 'student@example.com', role: 'ST', school: 'demo', verified: true, complete: true, firstName: 'Maria', middleName: 'Santos', lastName: 'Reyes' },
  { username: 'verifying', email: 'verifying@example.com', role: 'ST', school: 'demo', verified: true, complete: true, firstName: 'Ana', middleName: 'Reyes', lastName: 'Dela Cruz' },
  { username: 'newstudent', email: 'newstudent@example.com', role: 'ST', school: 'demo', verified: false, complete: false, firstName: '', middleName: '', lastName: '' },
  { username: 'demo-admin', email: 'admin@jurisacademy.ph', role: 'SA', school: 'demo', verified: true, complete: true, firstName: 'Jose', middleName: ' ', lastName: 'Rizal' },
  { username: 'demo-instructor', email: 'instructor@jurisacademy.ph', role: 'IN', school: 'demo', verified: true, complete: true, firstName: 'Apolinario', middleName: ' ', lastName: 'Mabini' },
  { username: 'acme-admin', email: 'admin@acme-training.ph', role: 'SA', school: 'acme', verified: true, complete: true, firstName: 'Andres', middleName: ' ', lastName: 'Bonifacio' },
  // The platform's administrator: no school of their own, /admin on the platform's host.
  { username: 'platform-admin', email: 'admin@platform.example.com', role: 'SU', school: null, verified: true, complete: true, firstName: 'Gabriela', middleName: ' ', lastName: 'Silang' },
] as const;

/**
 * Host names the demo schools answer on besides `{domain}.localhost`: Juris Academy is also the site of the
 * platform's own host (localhost, where /admin answers) and of the custom domain a school would bring.
 */
export const demoSchoolHosts: Record<string, string[]> = { demo: ['localhost', '127.0.0.1', 'learn.jurisacademy.ph'] };

/** The demo student's first notifications; {period} is filled in as in the announcement. */
export const demoNotifications = [
  'Welcome to <strong>Juris Academy</strong>! Complete your profile to start enrolling.',
  '{period} is now open. Plan your <strong>36 units</strong> early.',
  'New course available: <em>Legal Ethics in the Digital Age</em>.',
];

/** The demo instructor's courses at Juris Academy (course_instructors): theirs to edit and grade, the others not. */
export const demoInstructorCourses = ['Judicial Affidavit Rule in Practice', 'Effective Cross-Examination', 'Revised Rules on Evidence'];
