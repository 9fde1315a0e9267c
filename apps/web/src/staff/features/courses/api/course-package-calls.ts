import { useMutation, useQueryClient } from '@tanstack/react-query';
import { slugFor } from '@school/shared/catalogue/rules';
import type { CourseImported } from '@school/shared/staff/course-packages';
import { api, apiFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { courseKeys } from './course-calls';

/** Downloads the course as a package (ZIP), named as its address is. */
export function useExportCourse() {
  return useMutation({
    mutationFn: async (course: { id: number; name: string }) => saveFile(await apiFile(`/staff/courses/${course.id}/export/`), `${slugFor(course.name, course.id)}.zip`),
  });
}

/** Imports a package as a new draft; the course lists then show it. */
export function useImportCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) => api<CourseImported>('/staff/courses/import/', { method: 'POST', body: file, headers: { 'content-type': 'application/zip' } }),
    onSuccess: () => client.invalidateQueries({ queryKey: courseKeys.all, refetchType: 'active' }),
  });
}
