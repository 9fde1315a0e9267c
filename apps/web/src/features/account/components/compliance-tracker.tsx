import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Compliance } from '@school/shared/certificates/schemas';
import type { CompliancePeriod } from '@school/shared/lookups/schemas';
import { longDate } from '@school/shared/school/dates';
import { Button } from '@/components/button';
import { InlineSelect } from '@/components/inline-select';
import { LoadError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { notify } from '@/components/toast';
import { paths } from '@/config/paths';
import { periodLabel, useCompliancePeriods } from '@/lib/lookups';
import { useCompliance, useDownloadComplianceSummary } from '../api/compliance-calls';
import { ComplianceChart } from './compliance-chart';
import './compliance-tracker.css';

const CHART_NAME = 'Units earned and required by subject area';

/** Units are kept in hundredths: 1.5, never 1.4999999. */
const units = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });
const unitsText = (value: number) => `${units(value)} ${value === 1 ? 'unit' : 'units'}`;

/** The text equivalent of the chart: each area's required, earned and missing units, and the total counted. */
function AreasTable({ compliance }: { compliance: Compliance }) {
  const captionId = useId();
  // At a large text size the table may be wider than a phone: it scrolls in its own box, reachable by keyboard.
  return (
    <div className="compliance-table-box" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="compliance-table">
        <caption id={captionId}>Units by subject area</caption>
        <thead>
          <tr>
            <th scope="col">Subject area</th>
            <th scope="col" className="num">
              Required
            </th>
            <th scope="col" className="num">
              Earned
            </th>
            <th scope="col" className="num">
              Missing
            </th>
          </tr>
        </thead>
        <tbody>
          {compliance.areas.map((area) => (
            <tr key={area.key}>
              <th scope="row">{area.label}</th>
              <td className="num">{units(area.required)}</td>
              <td className="num">{units(area.earned)}</td>
              <td className="num">{units(area.missing)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Counted</th>
            <td className="num">{units(compliance.required)}</td>
            <td className="num">{units(compliance.counted)}</td>
            <td className="num">{units(compliance.required - compliance.counted)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The areas still short, and this school's courses and bundles that cover them, each with the areas it covers. */
function WhatIsMissing({ compliance }: { compliance: Compliance }) {
  const short = compliance.areas.filter((area) => area.missing > 0);
  const labelOf = new Map(compliance.areas.map((area) => [area.key, area.label]));
  const covers = (keys: Compliance['suggestions']['courses'][number]['areas']) => keys.map((key) => labelOf.get(key)).join(', ');
  const { courses, bundles } = compliance.suggestions;
  if (short.length === 0) {
    return (
      <section className="compliance-section" aria-labelledby="compliance-missing">
        <h3 id="compliance-missing">What is missing</h3>
        <p className="banner banner-success">Nothing is missing: every subject area of this compliance period is complete.</p>
      </section>
    );
  }
  return (
    <>
      <section className="compliance-section" aria-labelledby="compliance-missing">
        <h3 id="compliance-missing">What is missing</h3>
        <ul className="compliance-missing">
          {short.map((area) => (
            <li key={area.key}>
              <span>{area.label}</span> <strong>{unitsText(area.missing)}</strong>
            </li>
          ))}
        </ul>
      </section>
      <section className="compliance-section" aria-labelledby="compliance-suggestions">
        <h3 id="compliance-suggestions">Courses and bundles that cover it</h3>
        {courses.length === 0 && bundles.length === 0 ? (
          <p className="muted">This school has no course or bundle for these areas yet.</p>
        ) : (
          <ul className="compliance-suggestions">
            {courses.map((course) => (
              <li key={`course-${course.id}`}>
                <span className="card-kicker">Course</span>
                <Link to={paths.course(course.slug)}>{course.name}</Link>
                <span className="muted">Covers: {covers(course.areas)}</span>
              </li>
            ))}
            {bundles.map((bundle) => (
              <li key={`bundle-${bundle.id}`}>
                <span className="card-kicker">Bundle</span>
                <Link to={paths.bundle(bundle.slug)}>{bundle.name}</Link>
                <span className="muted">Covers: {covers(bundle.areas)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** The period's certificates from every school, each opening its public verification page. */
function CountedCertificates({ certificates }: { certificates: Compliance['certificates'] }) {
  return (
    <section className="compliance-section" aria-labelledby="compliance-certificates">
      <h3 id="compliance-certificates">Certificates that count</h3>
      {certificates.length === 0 ? (
        <p className="muted">No certificates in this period yet.</p>
      ) : (
        <ul className="compliance-certificates">
          {certificates.map((certificate) => (
            <li key={certificate.code}>
              <strong>{certificate.course}</strong>
              <span>{certificate.school}</span>
              <span className="muted">
                Completed on {longDate(certificate.completed_on)} · {unitsText(certificate.units)}
              </span>
              <Link to={paths.certificate(certificate.code)}>Certificate {certificate.code}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Standing({ compliance }: { compliance: Compliance }) {
  return (
    <>
      <p className="compliance-headline" role="status">
        <strong>
          {units(compliance.counted)} of {units(compliance.required)} units
        </strong>
        <span className={`compliance-state ${compliance.complete ? 'is-complete' : ''}`}>
          {compliance.complete ? 'Complete for this compliance period' : 'Not yet complete for this compliance period'}
        </span>
      </p>
      <div className="compliance-figures">
        <figure className="compliance-figure">
          <ComplianceChart areas={compliance.areas} name={CHART_NAME} />
          <figcaption className="muted">{CHART_NAME}; the table gives the same figures.</figcaption>
        </figure>
        <AreasTable compliance={compliance} />
      </div>
      <WhatIsMissing compliance={compliance} />
      <CountedCertificates certificates={compliance.certificates} />
    </>
  );
}

/** The current period is chosen at first, else the latest. */
const firstPeriod = (periods: CompliancePeriod[]) => (periods.find((p) => p.is_current) ?? periods.at(-1))?.id;

/**
 * MCLE Compliance (B.M. No. 850): for a chosen compliance period, the units counted of 36, a chart and a table
 * of each subject area, what is still missing with this school's courses and bundles that cover it, the
 * certificates that count, and the one-page summary to download.
 */
export function ComplianceTracker() {
  const periods = useCompliancePeriods();
  const [chosen, setChosen] = useState<number>();
  const periodId = chosen ?? firstPeriod(periods.data ?? []);
  const compliance = useCompliance(periodId);
  const download = useDownloadComplianceSummary();

  if (periods.isPending) return <Loading />;
  if (periods.isError || periodId === undefined) return <LoadError what="The compliance periods" retry={() => periods.refetch()} />;
  const summary = () => download.mutate(periodId, { onError: () => notify.error('The summary could not be downloaded. Please try again.') });

  return (
    <div className="compliance-tracker">
      <div className="list-controls-row">
        <InlineSelect label="Compliance period" value={String(periodId)} options={periods.data.map((p) => ({ value: String(p.id), label: periodLabel(p) }))} onChange={(id) => setChosen(Number(id))} />
        <Button label="Download summary (PDF)" variant="ghost" busy={download.isPending} disabled={!compliance.isSuccess} onClick={summary} />
      </div>
      {compliance.isPending ? (
        <Loading />
      ) : compliance.isError ? (
        <LoadError what="Your compliance standing" retry={() => compliance.refetch()} />
      ) : (
        <Standing compliance={compliance.data} />
      )}
    </div>
  );
}
