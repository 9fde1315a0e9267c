import { useParams } from 'react-router';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useBundleDetail } from '@/lib/bundle';
import { useSchool } from '@/lib/school';
import { useItemBySlug } from '@/lib/use-item-by-slug';
import { PaymentPage } from '../components/payment-page';

/** /course-bundle/payment/{slug} (spec 3 §2): the course form, with the compliance period always asked under MCLE. */
export function BundlePayment() {
  const { slug = '' } = useParams();
  const bundle = useItemBySlug(slug, useBundleDetail, "Requested course bundle isn't available", paths.bundles);
  const { data: school } = useSchool();
  if (!bundle || !school) return <Loading />;
  return (
    <PaymentPage
      key={bundle.id}
      title="Bundle Payment"
      crumb={{ label: 'Course Bundle', to: paths.bundles }}
      purchaseLabel="Purchase Bundle"
      backTo={paths.bundle(bundle.slug)}
      school={school}
      item={{
        kind: 'bundle',
        itemId: bundle.id,
        contentType: 'bundle',
        objectId: bundle.id,
        askPeriod: school.config.products.mcle,
        name: bundle.name,
        description: bundle.description,
        image: bundle.image,
        modes: bundle.config.mode_of_payment,
      }}
    />
  );
}
