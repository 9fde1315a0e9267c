import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatFee } from '@school/shared/catalogue/rules';
import type { BundleDetail } from '@school/shared/catalogue/schemas';
import type { School } from '@school/shared/school/schemas';
import { PageHeader } from '@/components/breadcrumb';
import { Button } from '@/components/button';
import { Image } from '@/components/image';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useBundleDetail } from '@/lib/bundle';
import { usePendingPayments } from '@/lib/pending-payments';
import { useSchool } from '@/lib/school';
import { useItemBySlug } from '@/lib/use-item-by-slug';
import { CourseCard } from '../components/course-card';
import { EnrolmentModals, useEnrolmentFlow } from '../components/enrolment-flow';
import { McleUnits } from '../components/mcle-units';
import { PaymentPendingDialog } from '../components/payment-pending-dialog';
import { PaymentResultDialog } from '../components/result-dialog';

/** /course-bundle/{slug} (spec 2 §2). */
export function BundlePage() {
  const { id: slug = '' } = useParams();
  const bundle = useItemBySlug(slug, useBundleDetail, "Requested course bundle isn't available", paths.bundles);
  const { data: school } = useSchool();
  if (!bundle || !school) return <Loading />;
  return <BundleView bundle={bundle} school={school} />;
}

function BundleView({ bundle, school }: { bundle: BundleDetail; school: School }) {
  const flow = useEnrolmentFlow({ kind: 'bundle', id: bundle.id, slug: bundle.slug, price: bundle.price, requireKyc: bundle.config.require_kyc, mayEnrol: bundle.abilities.enrol }, school);
  const navigate = useNavigate();
  const pending = usePendingPayments(bundle.status === 'pending');
  const [pendingOpen, setPendingOpen] = useState(false);
  const label = bundle.status === 'pending' ? 'Payment Pending' : bundle.status === 'paid' ? 'Enrolled' : 'Enroll Now';
  // As on the course page: 'Payment Pending' names the payment that holds the bundle.
  function onEnrol() {
    if (bundle.status === null) return flow.start(false);
    setPendingOpen(true);
  }
  return (
    <main>
      <PageHeader title={bundle.name} cover={school.cover} trail={[{ label: 'Home', to: paths.home }, { label: 'Course Bundles', to: paths.bundles }, { label: bundle.name }]} />
      <div className="container course-page">
        <div className="course-main">
          <div className="course-media">
            <Image src={bundle.image ?? undefined} alt="" />
          </div>
          <p>{bundle.description}</p>
          <h2>Courses in this bundle</h2>
          <div className="card-grid">
            {bundle.courses.map((c) => (
              <CourseCard key={c.id} course={c} />
            ))}
          </div>
        </div>
        <aside className="course-side" aria-label="Bundle details">
          <p className="course-fee">{formatFee(bundle.price, 'FREE')}</p>
          <dl className="facts">
            <dt>Courses</dt>
            <dd>{bundle.courses_count}</dd>
            <dt>Units</dt>
            <dd>{bundle.units > 0 ? bundle.units : 'No units'}</dd>
            <McleUnits units={bundle.mcle_units} />
          </dl>
          <Button label={label} className="btn-block" disabled={bundle.status === 'paid'} onClick={onEnrol} />
        </aside>
      </div>
      <EnrolmentModals flow={flow} />
      {pendingOpen && (
        <PaymentPendingDialog
          payment={pending.data?.find((p) => p.item.content_type === 'coursebundle' && p.item.id === bundle.id)}
          page={{ kind: 'coursebundle', id: bundle.id }}
          loading={pending.isPending}
          onPayAnotherWay={bundle.resume_payment ? () => navigate(paths.bundlePayment(bundle.slug)) : undefined}
          onClose={() => setPendingOpen(false)}
        />
      )}
      <PaymentResultDialog allowPayLaterCodes={false} />
    </main>
  );
}
