import { Link } from 'react-router';
import type { CourseDetail } from '@school/shared/catalogue/schemas';
import { paths } from '@/config/paths';

const typeLabels: Record<string, string> = {
  audio: 'Audio',
  class: 'Live class',
  exam: 'Exam',
  html: 'Reading',
  link: 'Link',
  pdf: 'PDF',
  sc: 'Audio',
  survey: 'Survey',
  video: 'Video',
  ivideo: 'Interactive video',
  yt: 'Video',
};

/** Course Content: the modules and their coursewares with their type, completed marks and the current one. */
export function OutlinePanel({ course, currentId, completed, onChoose }: { course: CourseDetail; currentId: number; completed: ReadonlySet<number>; onChoose: () => void }) {
  return (
    <nav aria-label="Course Content">
      <ol className="player-outline">
        {course.modules.map((m) => (
          <li key={m.id}>
            <h3 className="player-module">{m.name}</h3>
            <ul>
              {m.coursewares.map((w) => {
                const done = completed.has(w.id);
                return (
                  <li key={w.id} className={w.id === currentId ? 'is-current' : undefined}>
                    <Link to={paths.coursePlayer(course.slug, String(w.id))} aria-current={w.id === currentId ? 'page' : undefined} onClick={onChoose}>
                      <span className={`mark ${done ? 'is-done' : ''}`} aria-hidden="true">
                        {done ? '✓' : ''}
                      </span>
                      <span className="player-outline-name">{w.name}</span>
                      <span className="player-outline-type">{typeLabels[w.type] ?? w.type}</span>
                      {done && <span className="visually-hidden">(completed)</span>}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ol>
    </nav>
  );
}
