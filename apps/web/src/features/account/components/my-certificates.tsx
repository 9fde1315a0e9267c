import { useEffect, useState } from 'react';
import { CERTIFICATE_PAGE_SIZE, certificateSorts, type CertificateSort } from '@school/shared/certificates/rules';
import { linkedInAddUrl } from '@school/shared/certificates/linkedin';
import type { MyCertificate } from '@school/shared/certificates/schemas';
import { dateTimeIn } from '@school/shared/school/dates';
import { Image } from '@/components/image';
import { InlineSelect } from '@/components/inline-select';
import { LoadError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { Pager } from '@/components/pager';
import { SearchBox } from '@/components/search-box';
import { useMyCertificates, type CertificateListQuery } from '../api/certificate-calls';
import { useIssuingWatch, WATCH_INTERVAL_MS } from './use-issuing-watch';
import './my-certificates.css';

const sortLabels: Record<CertificateSort, string> = { '-timestamp': 'Newest given', timestamp: 'Oldest given', course__name: 'Course name' };
const sortOptions = certificateSorts.map((value) => ({ value, label: sortLabels[value] }));

/**
 * A card opens the certificate's public page, on its school's own host, in a new tab (spec 1 §2); its time is the
 * issuing school's. Beside it, LinkedIn's own form for a certification, filled in with this one's fields.
 */
function CertificateCard({ certificate }: { certificate: MyCertificate }) {
  return (
    <li className="certificate-item">
      <a className="certificate-card" href={certificate.address} target="_blank" rel="noopener noreferrer">
        <Image src={certificate.image ?? undefined} alt="" className="certificate-card-image" width={1600} height={1131} />
        <span className="certificate-card-body">
          <span className="certificate-card-course">{certificate.course_name}</span>
          <span className="card-kicker">{certificate.school}</span>
          <span className="muted">Given: {dateTimeIn(certificate.timestamp, certificate.time_zone)}</span>
          <span className="visually-hidden">(opens in a new tab)</span>
        </span>
      </a>
      <a className="certificate-linkedin" href={linkedInAddUrl(certificate)} target="_blank" rel="noopener noreferrer">
        Add to LinkedIn
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </li>
  );
}

/** My Certificates (spec 1 §2, §9): every certificate from every school, searched by course, sorted, six a page. */
export function MyCertificates() {
  const [query, setQuery] = useState<CertificateListQuery>({ sort: certificateSorts[0], search: '', page: 1 });
  const { watching, seen } = useIssuingWatch();
  const list = useMyCertificates(query, watching ? WATCH_INTERVAL_MS : false);
  useEffect(() => seen(list.data), [seen, list.data]);
  const set = (change: Partial<CertificateListQuery>) => setQuery((q) => ({ ...q, ...change, page: change.page ?? 1 }));

  return (
    <div className="my-certificates">
      <div className="list-controls-row">
        <SearchBox label="Search my certificates" value={query.search} onSearch={(search) => set({ search })} />
        <InlineSelect label="Sort by" value={query.sort} options={sortOptions} onChange={(sort) => set({ sort: sort as CertificateSort })} />
      </div>
      {watching && (
        <p className="muted certificate-issuing" role="status">
          Your new certificate is being issued. It appears here in a moment.
        </p>
      )}
      {list.isPending ? (
        <Loading />
      ) : !list.data ? (
        // Not pending and nothing to show: the load failed, which must not look like an empty list (spec 1 §4).
        <LoadError what="Your certificates" retry={() => void list.refetch()} />
      ) : list.data.count === 0 ? (
        <p className="empty-state">No data to display</p>
      ) : (
        <>
          <ul className="certificate-cards" aria-busy={list.isPlaceholderData || undefined}>
            {list.data.data.map((certificate) => (
              <CertificateCard key={certificate.id} certificate={certificate} />
            ))}
          </ul>
          <Pager page={list.data.page} pages={list.data.pages} count={list.data.count} perPage={CERTIFICATE_PAGE_SIZE} onPage={(page) => set({ page })} />
        </>
      )}
    </div>
  );
}
