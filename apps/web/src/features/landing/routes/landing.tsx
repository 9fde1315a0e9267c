import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSchool } from '@/lib/school';

/** The landing page: the school's hero; featured and top courses join it with the catalogue. */
export function Landing() {
  const { data: school } = useSchool();
  if (!school) return null;
  return (
    <main>
      <section className="hero" style={school.cover ? { backgroundImage: `url("${school.cover}")` } : undefined}>
        <div className="container hero-inner">
          <h1>{school.name}</h1>
          <p>{school.description}</p>
          <Link to={paths.courses} className="btn btn-primary btn-lg">
            View All Courses
          </Link>
        </div>
      </section>
    </main>
  );
}
