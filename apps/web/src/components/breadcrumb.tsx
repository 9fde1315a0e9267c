import { Link } from 'react-router';

/** Home > ... > title, over the school's cover (spec 1 §2). */
export function PageHeader({ title, trail, cover }: { title: string; trail: { label: string; to?: string }[]; cover?: string | null }) {
  return (
    <header className="page-header" style={cover ? { backgroundImage: `url("${cover}")` } : undefined}>
      <div className="container">
        <h1>{title}</h1>
        <nav aria-label="Breadcrumb">
          <ol className="breadcrumb">
            {trail.map((crumb, index) => (
              <li key={crumb.label}>
                {crumb.to && index < trail.length - 1 ? <Link to={crumb.to}>{crumb.label}</Link> : <span aria-current="page">{crumb.label}</span>}
              </li>
            ))}
          </ol>
        </nav>
      </div>
    </header>
  );
}
