import { Link } from 'react-router';
import { formatFee } from '@school/shared/catalogue/rules';
import type { BundleCard as Bundle, CourseCard as Course } from '@school/shared/catalogue/schemas';
import { Image } from '@/components/image';
import { paths } from '@/config/paths';

/** Image, subcategory, name, description, fee ('P{amount}' or 'Free', when shown) and 'View Course'. */
export function CourseCard({ course }: { course: Course }) {
  return (
    <article className="card">
      <Image src={course.image ?? undefined} alt="" className="card-image" loading="lazy" />
      <div className="card-body">
        {course.subcategory && <p className="card-kicker">{course.subcategory}</p>}
        <h3 className="card-title">{course.name}</h3>
        <p className="card-text">{course.description}</p>
        <div className="card-footer">
          {course.show_fee ? <span className="card-fee">{formatFee(course.fee)}</span> : <span />}
          <Link to={paths.course(course.slug)} className="btn btn-primary btn-sm" aria-label={`View Course: ${course.name}`}>
            View Course
          </Link>
        </div>
      </div>
    </article>
  );
}

/** Image, name, number of courses, units ('No units' if none), price or free, 'View Bundle'. */
export function BundleCard({ bundle }: { bundle: Bundle }) {
  return (
    <article className="card">
      <Image src={bundle.image ?? undefined} alt="" className="card-image" loading="lazy" />
      <div className="card-body">
        <h3 className="card-title">{bundle.name}</h3>
        <p className="card-meta">
          {bundle.courses_count} {bundle.courses_count === 1 ? 'course' : 'courses'} included · {bundle.units > 0 ? `${bundle.units} units` : 'No units'}
        </p>
        <div className="card-footer">
          <span className="card-fee">{formatFee(bundle.price)}</span>
          <Link to={paths.bundle(bundle.slug)} className="btn btn-primary btn-sm" aria-label={`View Bundle: ${bundle.name}`}>
            View Bundle
          </Link>
        </div>
      </div>
    </article>
  );
}

/** A titled grid of course cards (top courses, similar courses). */
export function CourseGrid({ id, title, courses }: { id: string; title: string; courses: Course[] }) {
  if (courses.length === 0) return null;
  return (
    <section className="container" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="card-grid">
        {courses.map((course) => (
          <CourseCard key={course.id} course={course} />
        ))}
      </div>
    </section>
  );
}
