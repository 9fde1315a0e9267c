/** The console's route paths, defined once; its pages build links with these. */
export const staffPaths = {
  dashboard: '/staff',
  courses: '/staff/courses',
  courseSettings: (id: number | string = ':id') => `/staff/courses/${id}/settings`,
  courseOutline: (id: number | string = ':id') => `/staff/courses/${id}/outline`,
  courseClasses: (id: number | string = ':id') => `/staff/courses/${id}/classes`,
  courseStudents: (id: number | string = ':id') => `/staff/courses/${id}/students`,
  lesson: (courseId: number | string = ':id', lessonId: number | string = ':lessonId') => `/staff/courses/${courseId}/lessons/${lessonId}`,
  vouchers: '/staff/vouchers',
  categories: '/staff/categories',
  bundles: '/staff/bundles',
  bundle: (id: number | string = ':id') => `/staff/bundles/${id}`,
  audit: '/staff/audit',
  school: '/staff/school',
  team: '/staff/team',
  identitySettings: '/staff/id-verification/settings',
  certificates: '/staff/certificates',
  forum: '/staff/forum',
  exam: (id: number | string = ':id') => `/staff/exams/${id}`,
  examResults: (id: number | string = ':id') => `/staff/exams/${id}/results`,
  grading: '/staff/grading',
  payments: '/staff/payments',
  exports: '/staff/exports',
  students: '/staff/students',
  student: (id: number | string = ':id') => `/staff/students/${id}`,
  payment: (id: number | string = ':id') => `/staff/payments/${id}`,
  messages: '/staff/messages',
  reports: '/staff/reports',
  message: (id: number | string = ':id') => `/staff/messages/${id}`,
  gradingAnswer: (submission: number | string = ':id', question: number | string = ':questionId') => `/staff/grading/${submission}/questions/${question}`,
};

/** The platform's console (its administrators, on the platform's own host). */
export const platformPaths = {
  schools: '/admin',
  school: (id: number | string = ':id') => `/admin/schools/${id}`,
};
