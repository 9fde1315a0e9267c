import { useState } from 'react';
import { Link } from 'react-router';
import { SelectField } from '@/components/select-field';
import { periodLabel, useCompliancePeriods } from '@/lib/lookups';
import { ExportButton } from '../../../components/export-button';
import { staffPaths } from '../../../config/staff-paths';

/** The MCLE attendance report of a course (and compliance period): a CSV and a PDF, made in the background. */
export function AttendanceFiles({ courses }: { courses: { id: number; name: string }[] }) {
  const [course, setCourse] = useState('');
  const [period, setPeriod] = useState('');
  const periods = useCompliancePeriods().data ?? [];
  const filters = { course: Number(course), ...(period ? { compliance_period: Number(period) } : {}) };
  return (
    <section className="report-section" aria-labelledby="attendance-heading">
      <h2 id="attendance-heading">MCLE attendance report</h2>
      <p className="muted">
        Every lawyer who completed a course, with their roll number, IBP chapter, completion date, certificate, units by subject area and a summary of the
        identity evidence: what a provider files with the MCLE Office. The files are made in the background and wait in <Link to={staffPaths.exports}>Exports</Link>.
      </p>
      <div className="filter-form">
        <SelectField label="Course of the attendance report" placeholder="Choose a course" options={courses.map((c) => ({ value: String(c.id), label: c.name }))} value={course} onChange={(e) => setCourse(e.target.value)} />
        <SelectField label="Compliance period" placeholder="Every period" options={periods.map((p) => ({ value: String(p.id), label: periodLabel(p) }))} value={period} onChange={(e) => setPeriod(e.target.value)} />
      </div>
      {course ? (
        <div className="report-actions">
          <ExportButton label="Attendance as CSV" request={{ kind: 'mcle-attendance', filters }} />
          <ExportButton label="Attendance as PDF" request={{ kind: 'mcle-attendance-pdf', filters }} />
        </div>
      ) : (
        <p className="muted">Choose a course to make its attendance report.</p>
      )}
    </section>
  );
}
