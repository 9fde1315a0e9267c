import { useState } from 'react';
import { KYC_REVIEW_PAGE_SIZE } from '@school/shared/kyc/rules';
import { InlineSelect } from '@/components/inline-select';
import { Loading } from '@/components/loading';
import { Pager } from '@/components/pager';
import { ApiError } from '@/lib/api-error';
import { useSchool } from '@/lib/school';
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
  const refused = reviews.error instanceof ApiError && (reviews.error.status === 403 || reviews.error.status === 404);

  return (
    <div className="console-page">
      <div className="console-head">
        <h1>ID Verification Reviews</h1>
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
        {refused ? (
          <p className="banner banner-error" role="alert">
            Only the school's administrators review identity submissions.
          </p>
        ) : reviews.isError ? (
          <p className="banner banner-error" role="alert">
            The submissions could not be loaded.
          </p>
        ) : !reviews.data || !school ? (
          <Loading />
        ) : reviews.data.count === 0 ? (
          <p className="empty-state">No data to display</p>
        ) : (
          <>
            <div className="review-list">
              {reviews.data.data.map((review) => (
                <ReviewCard key={review.id} review={review} timeZone={school.time_zone} />
              ))}
            </div>
            <Pager page={reviews.data.page} pages={reviews.data.pages} count={reviews.data.count} perPage={KYC_REVIEW_PAGE_SIZE} onPage={setPage} />
          </>
        )}
      </div>
    </div>
  );
}
