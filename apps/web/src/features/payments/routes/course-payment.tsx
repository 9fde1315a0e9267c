import { useParams, useSearchParams } from 'react-router';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useCourse } from '@/lib/course';
import { useSchool } from '@/lib/school';
import { useItemBySlug } from '@/lib/use-item-by-slug';
import { PaymentPage } from '../components/payment-page';
import { queryId } from '../components/query-id';

/** /course/payment/{slug}, with ?class={id} to buy one of the course's classes (spec 3 §2). */
export function CoursePayment() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const course = useItemBySlug(slug, useCourse, "Requested course isn't available", paths.courses);
  const { data: school } = useSchool();
  if (!course || !school) return <Loading />;
  const classId = queryId(params.get('class'));
  // Paying a pay-later enrolment: its compliance period was chosen when it began (spec 3 §2).
  const payLater = course.enrollment?.status === 'pay_later';
  return (
    <PaymentPage
      // Another course or class is another purchase: the form starts over (spec 3 §4).
      key={`${course.id}:${classId}`}
      title="Course Payment"
      crumb={{ label: 'Course', to: paths.courses }}
      purchaseLabel="Purchase Course"
      backTo={paths.course(course.slug)}
      school={school}
      item={{
        kind: 'course',
        itemId: course.id,
        contentType: classId ? 'class' : 'course',
        objectId: classId ?? course.id,
        askPeriod: school.config.products.mcle && !payLater,
        name: course.name,
        description: course.description,
        image: course.image,
        className: course.classes.find((c) => c.id === classId)?.name,
        modes: course.config.mode_of_payment,
      }}
    />
  );
}
