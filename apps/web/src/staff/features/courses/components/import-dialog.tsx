import { useEffect, useId, useRef, useState } from 'react';
import { importMessages, importOutcomeLabels, type ImportPlan } from '@school/shared/staff/roster-import';
import { Button } from '@/components/button';
import { FormBanner } from '@/components/form-banner';
import { Modal } from '@/components/modal';
import { errorDetail } from '@/lib/api-error';
import { planImport, useImportRun, useStartImport } from '../api/roster-calls';

/** How many of a dry run's lines the dialog lists (the lines it would not import first); the counts cover them all. */
const SHOWN = 200;
const ways = [
  { value: 'free', label: 'Free' },
  { value: 'paid', label: 'Marked paid (paid to the school)' },
  { value: 'pay_later', label: 'Pay later' },
];

/**
 * Import from CSV: choose the file (columns email and class), see what each line would do, then import: the job
 * invites new addresses and enrols the others while the dialog shows its progress.
 */
export function ImportDialog({ courseId, open, onClose }: { courseId: number; open: boolean; onClose: () => void }) {
  const base = useId();
  const [file, setFile] = useState<File | null>(null);
  const [as, setAs] = useState('free');
  const [note, setNote] = useState('');
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [runId, setRunId] = useState<number | null>(null);
  const start = useStartImport(courseId);
  const run = useImportRun(courseId, runId);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const running = run.data !== undefined;
  // The button pressed is gone with the form: the focus goes to what the import says.
  useEffect(() => {
    if (running) statusRef.current?.focus();
  }, [running]);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setPlan(null);
    setProblem(null);
    setRunId(null);
    setNote('');
    setAs('free');
  }, [open]);

  const check = async () => {
    if (!file) return setProblem('Choose a CSV file first.');
    setProblem(null);
    setChecking(true);
    try {
      setPlan(await planImport(courseId, file));
    } catch (error) {
      setPlan(null);
      setProblem(errorDetail(error) ?? 'The file could not be checked. Please try again.');
    }
    setChecking(false);
  };
  const begin = async () => {
    if (!file) return;
    if (as === 'paid' && !note.trim()) return setProblem(importMessages.noteRequired);
    try {
      setRunId((await start.mutateAsync({ file, as, note })).id);
    } catch (error) {
      setProblem(errorDetail(error) ?? 'The import could not start. Please try again.');
    }
  };

  const importable = plan ? plan.counts.invite + plan.counts.enrol : 0;
  const lines = plan ? [...plan.rows.filter((r) => r.outcome === 'error'), ...plan.rows.filter((r) => r.outcome !== 'error')].slice(0, SHOWN) : [];
  const progress = run.data;
  return (
    <Modal open={open} onClose={onClose} title="Import students from CSV">
      {progress ? (
        <div className="console-form">
          <p ref={statusRef} tabIndex={-1}>
            {progress.state === 'done' ? 'The import is done.' : progress.state === 'failed' ? 'The import stopped: the lines done so far are done.' : 'Importing…'}
          </p>
          <progress max={progress.total} value={progress.done} aria-label="Lines imported">
            {progress.done} of {progress.total}
          </progress>
          <p role="status">
            {progress.done} of {progress.total} lines: {progress.counts.invite} invited, {progress.counts.enrol} enrolled, {progress.counts.already} already enrolled, {progress.counts.error} not imported.
          </p>
          {progress.errors.length > 0 && <ImportLines caption="The lines not imported" rows={progress.errors} />}
          <div className="response-actions">
            <Button label="Done" onClick={onClose} />
          </div>
        </div>
      ) : (
        <div className="console-form">
          <p className="muted">A CSV file whose first line names the columns: email and, if the course has classes, class. New addresses get an account and an invitation by e-mail.</p>
          <FormBanner message={problem} />
          <div className="field">
            <label htmlFor={`${base}-file`}>CSV file</label>
            <input
              id={`${base}-file`}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setPlan(null);
              }}
            />
          </div>
          <div className="field">
            <label htmlFor={`${base}-as`}>Enrolment</label>
            <select id={`${base}-as`} value={as} onChange={(event) => setAs(event.target.value)}>
              {ways.map((w) => (
                <option key={w.value} value={w.value}>
                  {w.label}
                </option>
              ))}
            </select>
          </div>
          {as === 'paid' && (
            <div className="field">
              <label htmlFor={`${base}-note`}>How they paid</label>
              <input id={`${base}-note`} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
            </div>
          )}
          {plan && (
            <>
              <p role="status">
                {plan.counts.invite} to invite, {plan.counts.enrol} to enrol, {plan.counts.already} already enrolled, {plan.counts.error} with a problem.
              </p>
              <ImportLines caption="What each line would do" rows={lines} />
              {plan.rows.length > SHOWN && <p className="muted">…and {plan.rows.length - SHOWN} more lines.</p>}
            </>
          )}
          <div className="response-actions">
            <Button label="Cancel" variant="ghost" onClick={onClose} />
            <Button label="Check the file" variant={plan ? 'ghost' : 'primary'} busy={checking} onClick={() => void check()} />
            {plan && importable > 0 && <Button label={`Import ${importable} ${importable === 1 ? 'student' : 'students'}`} busy={start.isPending} onClick={() => void begin()} />}
          </div>
        </div>
      )}
    </Modal>
  );
}

function ImportLines({ caption, rows }: { caption: string; rows: ImportPlan['rows'] }) {
  return (
    // It scrolls: the keyboard reaches it too.
    <div className="staff-table-box import-lines" tabIndex={0} role="region" aria-label={caption}>
      <table className="staff-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">E-mail</th>
            <th scope="col">Class</th>
            <th scope="col">What happens</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.line}>
              <td>{r.line}</td>
              <td>{r.email}</td>
              <td>{r.class || '—'}</td>
              <td>{r.reason ? `${importOutcomeLabels.error}: ${r.reason}` : importOutcomeLabels[r.outcome]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
