/** The console's route paths, defined once; its pages build links with these. */
export const staffPaths = {
  dashboard: '/staff',
  courses: '/staff/courses',
  courseSettings: (id: number | string = ':id') => `/staff/courses/${id}/settings`,
  courseOutline: (id: number | string = ':id') => `/staff/courses/${id}/outline`,
  courseClasses: (id: number | string = ':id') => `/staff/courses/${id}/classes`,
  lesson: (courseId: number | string = ':id', lessonId: number | string = ':lessonId') => `/staff/courses/${courseId}/lessons/${lessonId}`,
  vouchers: '/staff/vouchers',
  categories: '/staff/categories',
  bundles: '/staff/bundles',
  bundle: (id: number | string = ':id') => `/staff/bundles/${id}`,
  audit: '/staff/audit',
  exam: (id: number | string = ':id') => `/staff/exams/${id}`,
  examResults: (id: number | string = ':id') => `/staff/exams/${id}/results`,
  grading: '/staff/grading',
  gradingAnswer: (submission: number | string = ':id', question: number | string = ':questionId') => `/staff/grading/${submission}/questions/${question}`,
};
