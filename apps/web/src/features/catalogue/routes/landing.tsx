import { Link } from 'react-router';
import { formatFee } from '@school/shared/catalogue/rules';
import { shortDate } from '@school/shared/school/dates';
import { Image } from '@/components/image';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useSchool } from '@/lib/school';
import { useLanding } from '../api/catalogue-calls';
import { CourseGrid } from '../components/course-card';
import { PreviewMedia } from '../components/preview-media';

/** The landing page (spec 1 §2): hero, featured course or bundle, top courses, 'View All Courses'. */
export function Landing() {
  const { data: school } = useSchool();
  const { featured, top } = useLanding();
  if (!school) return null;
  const item = featured.data;
  // The sections below the hero show together, so that the later one never pushes the other down.
  const settled = !featured.isPending && !top.isPending;
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
      {settled ? (
        <>
          {item && (
            <section className="container featured" aria-labelledby="featured-title">
              <div className="featured-media">{item.preview_video ? <PreviewMedia video={item.preview_video} title={item.name} /> : <Image src={item.image ?? undefined} alt="" />}</div>
              <div className="featured-copy">
                <p className="card-kicker">Featured {item.type === 'course' ? 'course' : 'bundle'} · {shortDate(item.date)}</p>
                <h2 id="featured-title">{item.name}</h2>
                <p>{item.description}</p>
                <Link to={item.type === 'course' ? paths.course(item.slug) : paths.bundle(item.slug)} className="btn btn-primary">
                  {formatFee(item.fee)}
                </Link>
              </div>
            </section>
          )}
          <CourseGrid id="top-title" title="Top Courses" courses={top.data ?? []} />
          {top.data && top.data.length > 0 && (
            <p className="center">
              <Link to={paths.courses} className="btn btn-ghost">
                View All Courses
              </Link>
            </p>
          )}
        </>
      ) : (
        <Loading />
      )}
    </main>
  );
}
