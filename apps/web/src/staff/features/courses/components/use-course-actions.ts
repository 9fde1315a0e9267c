import { useState } from 'react';
import type { PublishProblem, StaffCourse } from '@school/shared/staff/courses';
import { notify } from '@/components/toast';
import { ApiError, errorDetail } from '@/lib/api-error';
import { useCourseAction, type CourseAction } from '../api/course-calls';

const done: Record<Exclude<CourseAction, 'delete'>, string> = {
  publish: 'The course is published.',
  unpublish: 'The course is out of the catalogue; its students keep it.',
  duplicate: 'A draft copy of the course was made.',
};

/** Runs a course action and says how it went: a refused Publish hands back its problems for the dialog. */
export function useCourseActions() {
  const action = useCourseAction();
  const [problems, setProblems] = useState<{ courseId: number; list: PublishProblem[] } | null>(null);

  async function run(course: Pick<StaffCourse, 'id' | 'version'>, what: CourseAction) {
    try {
      const result = await action.mutateAsync({ course, action: what });
      notify.success('outcome' in result ? result.detail : done[what as Exclude<CourseAction, 'delete'>]);
      return result;
    } catch (error) {
      const list = error instanceof ApiError ? (error.body as { problems?: PublishProblem[] } | null)?.problems : undefined;
      if (list) setProblems({ courseId: course.id, list });
      else notify.error(errorDetail(error) ?? 'The course could not be changed. Try again.');
      return null;
    }
  }

  return { run, busy: action.isPending, problems, clearProblems: () => setProblems(null) };
}
