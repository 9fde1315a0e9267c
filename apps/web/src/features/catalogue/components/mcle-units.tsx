import type { CourseDetail } from '@school/shared/catalogue/schemas';

/** A course's (or a bundle's courses') MCLE units by subject area, as terms of the page's facts list. */
export function McleUnits({ units }: { units: CourseDetail['mcle_units'] }) {
  if (units.length === 0) return null;
  return (
    <>
      <dt className="facts-wide">MCLE units by subject area</dt>
      <dd className="facts-wide">
        <ul className="mcle-units">
          {units.map((area) => (
            <li key={area.key}>
              {area.label}: {area.units}
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}
