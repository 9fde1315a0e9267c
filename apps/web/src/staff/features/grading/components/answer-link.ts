import type { GradingQuery } from '@school/shared/staff/grading';
import { queryString } from '../../../lib/query-string';
import { staffPaths } from '../../../config/staff-paths';

/** An answer's grading screen, carrying the queue's filters so that Save and next stays within them. */
export function answerLink(submission: number, question: number, filters: GradingQuery) {
  const query = queryString({ course: filters.course, exam: filters.exam, student: filters.student });
  return `${staffPaths.gradingAnswer(submission, question)}${query ? `?${query}` : ''}`;
}
