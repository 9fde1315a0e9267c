import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Lecturer, LecturerCreate } from '@school/shared/staff/lecturers';
import { api } from '@/lib/api-client';

const lecturersKey = ['staff', 'lecturers'] as const;

export const useLecturers = () => useQuery({ queryKey: lecturersKey, queryFn: () => api<Lecturer[]>('/staff/lecturers/') });

export function useAddLecturer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LecturerCreate) => api<Lecturer>('/staff/lecturers/', { body }),
    onSuccess: (lecturer) => client.setQueryData<Lecturer[]>(lecturersKey, (list = []) => [...list, lecturer].sort((a, b) => a.name.localeCompare(b.name))),
  });
}
