import { useState } from 'react';
import { Link } from 'react-router';
import { KYC_REVIEW_PAGE_SIZE } from '@school/shared/kyc/rules';
import { InlineSelect } from '@/components/inline-select';
import { Pager } from '@/components/pager';
import { useSchool } from '@/lib/school';
import { QueryState } from '../../../components/query-state';
import { staffPaths } from '../../../config/staff-paths';
import { type ReviewStatus, useKycReviews } from '../api/kyc-review-calls';
import { kycStatusLabels } from '../components/labels';
import { ReviewCard } from '../components/review-card';
import '../staff.css';

const statuses = (['manual', 'failed', 'pending', 'verified', 'rejected'] as const satisfies readonly ReviewStatus[]).map((value) => ({ value, label: kycStatusLabels[value] }));

/**
 * /staff/id-verification: the school's administrators review identity submissions, in the staff console. The
 * server decides who may: anybody else gets its refusal.
 */
export function KycReviews() {
  const { data: school } = useSchool();
  const [status, setStatus] = useState<ReviewStatus>('manual');
  const [page, setPage] = useState(1);
  const reviews = useKycReviews(status, page);

  return (
    <div className="console-page">
      <div className="console-head">
        <h1>ID Verification Reviews</h1>
        <Link className="btn btn-ghost" to={staffPaths.identitySettings}>
          Identity settings
        </Link>
      </div>
      <div className="staff-page">
        <div className="list-controls-row">
          <InlineSelect
            label="Show"
            value={status}
            options={statuses}
            onChange={(value) => {
              setStatus(value as ReviewStatus);
              setPage(1);
            }}
          />
        </div>
        <QueryState
          query={reviews}
          what="The submissions"
          refused="Only the school's administrators review identity submissions."
          empty="No data to display"
          isEmpty={(data) => data.count === 0}
        >
          {(data) =>
            school && (
              <>
                <div className="review-list">
                  {data.data.map((review) => (
                    <ReviewCard key={review.id} review={review} timeZone={school.time_zone} />
                  ))}
                </div>
                <Pager page={data.page} pages={data.pages} count={data.count} perPage={KYC_REVIEW_PAGE_SIZE} onPage={setPage} />
              </>
            )
          }
        </QueryState>
      </div>
    </div>
  );
}
