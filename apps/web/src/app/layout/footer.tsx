import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { School, Socials } from '@school/shared/school/schemas';
import { socialNames } from '@school/shared/school/social-names';
import { paths } from '@/config/paths';
import { socialsQueryOptions } from '@/lib/school';

/** The school's contacts, socials, copyright (the current year, DECISIONS.md), its policies and 'Powered by'. */
export function Footer({ school }: { school: School | undefined }) {
  const socials = useQuery({ ...socialsQueryOptions(school?.id ?? 0), enabled: Boolean(school) });
  if (!school) return null;
  const mobile = school.mobile_number ? `+${school.country_code}${school.mobile_number}` : null;
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{school.name}</h2>
          <address>
            {school.address && <p>{school.address}</p>}
            {school.phone_number && <p>Phone: <a href={`tel:${school.phone_number.replace(/[^\d+]/g, '')}`}>{school.phone_number}</a></p>}
            {mobile && <p>Mobile: <a href={`tel:${mobile}`}>{mobile}</a></p>}
            {school.email && <p>Email: <a href={`mailto:${school.email}`}>{school.email}</a></p>}
          </address>
        </section>
        {socials.data && (
          <section aria-labelledby="footer-social">
            <h2 id="footer-social">Follow us</h2>
            <ul className="socials">
              {(Object.keys(socialNames) as (keyof Socials)[])
                .filter((label) => socials.data[label])
                .map((label) => (
                  <li key={label}>
                    <a href={socials.data[label]!} target="_blank" rel="noopener noreferrer">
                      {socialNames[label]}
                    </a>
                  </li>
                ))}
            </ul>
          </section>
        )}
      </div>
      <div className="container footer-bottom">
        <p>
          © {new Date().getFullYear()} {school.name}. All rights reserved.
        </p>
        <nav aria-label="Policies">
          <ul className="footer-links">
            <li>
              <Link to={paths.terms}>Terms of Use</Link>
            </li>
            <li>
              <Link to={paths.privacy}>Privacy Policy</Link>
            </li>
          </ul>
        </nav>
        <p className="powered-by">
          Powered by <img src="/powered-by.svg" alt="SchoolPlatform" width={120} height={22} />
        </p>
      </div>
    </footer>
  );
}
