import { createBrowserRouter, type RouteObject } from 'react-router';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { platformPaths, staffPaths } from '@/staff/config/staff-paths';
import { prefetchCourse } from '@/lib/course';
import { page } from './lazy-page';
import { NavbarFrame } from './layout/navbar-frame';
import { PlayerLayout } from './layout/player-layout';
import { RootLayout } from './layout/root-layout';
import { ProtectedRoute } from './protected-route';
import { PageError, RouteError } from './route-error';

/** The course player's pages (spec 2 §2). */
const playerPages: RouteObject[] = [
  { path: paths.coursePlayer(), loader: prefetchCourse, lazy: page(() => import('@/features/player/routes/course-player'), 'CoursePlayer') },
  { path: paths.studio(), lazy: page(() => import('@/features/player/routes/studio'), 'Studio') },
];

/** The staff console (apps/web/src/staff): its own layout and pages, in the frame the player uses. */
const staffPages: RouteObject[] = [
  {
    path: staffPaths.dashboard,
    lazy: page(() => import('@/staff/app/console-layout'), 'ConsoleLayout'),
    children: [
      { index: true, lazy: page(() => import('@/staff/features/dashboard/routes/dashboard'), 'Dashboard') },
      { path: staffPaths.courses, lazy: page(() => import('@/staff/features/courses/routes/course-list'), 'CourseList') },
      { path: staffPaths.courseSettings(), lazy: page(() => import('@/staff/features/courses/routes/course-settings'), 'CourseSettings') },
      { path: staffPaths.courseOutline(), lazy: page(() => import('@/staff/features/courses/routes/course-outline'), 'CourseOutline') },
      { path: staffPaths.courseClasses(), lazy: page(() => import('@/staff/features/courses/routes/course-classes'), 'CourseClasses') },
      { path: staffPaths.courseStudents(), lazy: page(() => import('@/staff/features/courses/routes/course-students'), 'CourseStudents') },
      { path: staffPaths.lesson(), lazy: page(() => import('@/staff/features/courses/routes/lesson-editor'), 'LessonEditor') },
      { path: staffPaths.categories, lazy: page(() => import('@/staff/features/courses/routes/category-list'), 'CategoryList') },
      { path: staffPaths.bundles, lazy: page(() => import('@/staff/features/courses/routes/bundle-list'), 'BundleList') },
      { path: staffPaths.bundle(), lazy: page(() => import('@/staff/features/courses/routes/bundle-editor'), 'BundleEditor') },
      { path: staffPaths.vouchers, lazy: page(() => import('@/staff/features/vouchers/routes/voucher-list'), 'VoucherList') },
      { path: paths.kycReviews, lazy: page(() => import('@/staff/features/identity/routes/kyc-reviews'), 'KycReviews') },
      { path: paths.enrolmentIdentity(), lazy: page(() => import('@/staff/features/identity/routes/enrolment-identity'), 'EnrolmentIdentity') },
      { path: paths.courseIdentity(), lazy: page(() => import('@/staff/features/identity/routes/course-identity'), 'CourseIdentity') },
      { path: staffPaths.identitySettings, lazy: page(() => import('@/staff/features/identity-settings/routes/identity-settings-page'), 'IdentitySettingsPage') },
      { path: staffPaths.certificates, lazy: page(() => import('@/staff/features/certificates/routes/certificates-page'), 'CertificatesPage') },
      { path: staffPaths.forum, lazy: page(() => import('@/staff/features/forum/routes/forum-moderation'), 'ForumModeration') },
      { path: staffPaths.team, lazy: page(() => import('@/staff/features/team/routes/team-page'), 'TeamPage') },
      { path: staffPaths.school, lazy: page(() => import('@/staff/features/school/routes/school-settings'), 'SchoolSettings') },
      { path: staffPaths.audit, lazy: page(() => import('@/staff/features/audit/routes/audit-log'), 'AuditLog') },
      { path: staffPaths.exam(), lazy: page(() => import('@/staff/features/exams/routes/exam-editor'), 'ExamEditor') },
      { path: staffPaths.examResults(), lazy: page(() => import('@/staff/features/grading/routes/exam-results'), 'ExamResults') },
      { path: staffPaths.payments, lazy: page(() => import('@/staff/features/payments/routes/payment-list'), 'PaymentList') },
      { path: staffPaths.payment(), lazy: page(() => import('@/staff/features/payments/routes/payment-page'), 'PaymentPage') },
      { path: staffPaths.exports, lazy: page(() => import('@/staff/features/exports/routes/export-list'), 'ExportList') },
      { path: staffPaths.student(), lazy: page(() => import('@/staff/features/students/routes/student-page'), 'StudentPage') },
      { path: staffPaths.students, lazy: page(() => import('@/staff/features/students/routes/student-list'), 'StudentList') },
      { path: staffPaths.grading, lazy: page(() => import('@/staff/features/grading/routes/grading-queue'), 'GradingQueue') },
      { path: staffPaths.gradingAnswer(), lazy: page(() => import('@/staff/features/grading/routes/grading-answer'), 'GradingAnswer') },
      { path: staffPaths.reports, lazy: page(() => import('@/staff/features/reports/routes/reports'), 'Reports') },
      { path: staffPaths.messages, lazy: page(() => import('@/staff/features/messages/routes/message-list'), 'MessageList') },
      { path: staffPaths.message(), lazy: page(() => import('@/staff/features/messages/routes/message-page'), 'StaffMessagePage') },
    ],
  },
];

/** The platform's console (apps/web/src/staff/features/platform): its administrators, on the platform's host. */
const platformPages: RouteObject[] = [
  {
    path: platformPaths.schools,
    lazy: page(() => import('@/staff/app/platform-layout'), 'PlatformLayout'),
    children: [
      { index: true, lazy: page(() => import('@/staff/features/platform/routes/school-list'), 'SchoolList') },
      { path: platformPaths.school(), lazy: page(() => import('@/staff/features/platform/routes/school-page'), 'SchoolPage') },
    ],
  },
];

/** The pages inside the common layout. */
const sitePages: RouteObject[] = [
  { path: paths.notFound, lazy: page(() => import('@/features/errors/routes/not-found'), 'NotFound') },
  { path: paths.infoPage, lazy: page(() => import('@/features/errors/routes/info-page'), 'InfoPage') },
  { index: true, lazy: page(() => import('@/features/catalogue/routes/landing'), 'Landing') },
  { path: paths.login, lazy: page(() => import('@/features/auth/routes/login-route'), 'LoginRoute') },
  { path: paths.resetPassword(), lazy: page(() => import('@/features/auth/routes/reset-route'), 'ResetRoute') },
  { path: paths.invitation(), lazy: page(() => import('@/features/auth/routes/invitation-page'), 'InvitationPage') },
  { path: paths.verified, lazy: page(() => import('@/features/auth/routes/verified'), 'Verified') },
  {
    element: <ProtectedRoute />,
    children: [
      // /student alone opens the default tab (spec 1 §2).
      { path: paths.student(':tab?'), lazy: page(() => import('@/features/account/routes/account-area'), 'AccountArea') },
      { path: paths.coursePayment(), loader: prefetchCourse, lazy: page(() => import('@/features/payments/routes/course-payment'), 'CoursePayment') },
      { path: paths.paymentInstruction(), lazy: page(() => import('@/features/payments/routes/payment-instruction'), 'PaymentInstruction') },
      { path: paths.bundlePayment(), lazy: page(() => import('@/features/payments/routes/bundle-payment'), 'BundlePayment') },
      { path: paths.certification(), loader: prefetchCourse, lazy: page(() => import('@/features/certificates/routes/certification-page'), 'CertificationPage') },
      { path: paths.paymentResult, lazy: page(() => import('@/features/payments/routes/payment-result'), 'PaymentResult') },
      { path: paths.notifications, lazy: page(() => import('@/features/notifications/routes/notifications-page'), 'NotificationsPage') },
      { path: paths.message(), lazy: page(() => import('@/features/notifications/routes/message-page'), 'MessagePage') },
    ],
  },
  { path: paths.courses, lazy: page(() => import('@/features/catalogue/routes/course-list'), 'CourseList') },
  { path: paths.course(), loader: prefetchCourse, lazy: page(() => import('@/features/catalogue/routes/course-page'), 'CoursePage') },
  { path: paths.bundles, lazy: page(() => import('@/features/catalogue/routes/bundle-list'), 'BundleList') },
  { path: paths.bundle(), lazy: page(() => import('@/features/catalogue/routes/bundle-page'), 'BundlePage') },
  { path: paths.forums, lazy: page(() => import('@/features/forum/routes/forums'), 'Forums') },
  { path: paths.forumTopic(), lazy: page(() => import('@/features/forum/routes/forum-topic'), 'ForumTopic') },
  { path: paths.forumSearch, lazy: page(() => import('@/features/forum/routes/forum-search'), 'ForumSearch') },
  { path: paths.sandboxCheckout(), lazy: page(() => import('@/features/payments/routes/sandbox-checkout'), 'SandboxCheckoutPage') },
  { path: paths.sandboxTerms, lazy: page(() => import('@/features/payments/routes/sandbox-terms'), 'SandboxTermsPage') },
  { path: paths.certificate(), lazy: page(() => import('@/features/certificates/routes/certificate-page'), 'CertificatePage') },
  { path: paths.faqs, lazy: page(() => import('@/features/faq/routes/faqs'), 'Faqs') },
  { path: paths.terms, lazy: page(() => import('@/features/legal/routes/policy-page'), 'TermsPage') },
  { path: paths.privacy, lazy: page(() => import('@/features/legal/routes/policy-page'), 'PrivacyPage') },
  { path: paths.walletHelp, lazy: page(() => import('@/features/help/routes/wallet-help'), 'WalletHelp') },
  { path: paths.unsubscribe, lazy: page(() => import('@/features/notifications/routes/unsubscribe'), 'Unsubscribe') },
  { path: paths.tokenLogin(), lazy: page(() => import('@/features/auth/routes/token-login'), 'TokenLogin') },
  { path: '*', lazy: page(() => import('@/features/errors/routes/not-found'), 'NotFound') },
];

/**
 * The route table of spec 3 §2, first match wins; each page is its own chunk. A page that fails keeps its layout
 * (PageError in the content area, with Try again); RouteError is for a layout that fails itself.
 */
const routes: RouteObject[] = [
  // The platform's console needs no school (its host may have none): its layout is its own.
  { errorElement: <RouteError />, hydrateFallbackElement: <Loading />, children: [{ errorElement: <PageError />, children: platformPages }] },
  {
    element: <PlayerLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Loading />,
    children: [{ errorElement: <PageError />, children: [...playerPages, ...staffPages] }],
  },
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // The shell's first frame: the page keeps its place when the layout replaces it.
    hydrateFallbackElement: (
      <>
        <NavbarFrame />
        <Loading />
      </>
    ),
    children: [{ errorElement: <PageError />, children: sitePages }],
  },
];

export const router = createBrowserRouter(routes);
