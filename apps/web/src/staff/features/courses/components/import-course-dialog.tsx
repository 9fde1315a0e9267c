import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { Modal } from '@/components/modal';
import { notify } from '@/components/toast';
import { errorDetail } from '@/lib/api-error';
import { staffPaths } from '../../../config/staff-paths';
import { useImportCourse } from '../api/course-package-calls';

/** Import a course: a package (ZIP) exported from this platform becomes a new draft, whose settings then open. */
export function ImportCourseDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const importCourse = useImportCourse();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setProblem(null);
  }, [open]);

  const submit = async () => {
    if (!file) return setProblem('Choose the course package (a ZIP file) first.');
    setProblem(null);
    try {
      const imported = await importCourse.mutateAsync(file);
      notify.success(imported.detail);
      onClose();
      void navigate(staffPaths.courseSettings(imported.id));
    } catch (error) {
      setProblem(errorDetail(error) ?? 'The course could not be imported. Please try again.');
    }
  };

  return (
    <Modal open={open} onClose={onClose} title="Import a course">
      <div className="console-form">
        <p className="muted">A course package exported from a school on this platform (Export on the course list): its settings, outline, lessons, questions and files become a new draft here. Students, categories and lecturers stay behind.</p>
        <FormBanner message={problem} />
        <div className="field">
          <label htmlFor={id}>Course package (ZIP)</label>
          <input id={id} type="file" accept=".zip,application/zip" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        </div>
        <div className="response-actions">
          <Button label="Cancel" variant="ghost" onClick={onClose} />
          <Button label="Import the course" busy={importCourse.isPending} onClick={() => void submit()} />
        </div>
      </div>
    </Modal>
  );
}
