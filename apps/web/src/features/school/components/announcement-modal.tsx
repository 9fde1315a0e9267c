import { lazy, Suspense, useState } from 'react';
import type { School } from '@school/shared/school/schemas';
import { ResponseModal } from '@/components/response-modal';

const seenKey = (school: School) => `announcement-seen:${school.id}`;

// Rich text needs DOMPurify: loaded when an announcement opens, not on every first visit.
const RichText = lazy(() => import('@/components/rich-text').then((m) => ({ default: m.RichText })));

/** The school's announcement (rich text), once per browser session, when its flag is on (spec 1 §1). */
export function AnnouncementModal({ school }: { school: School }) {
  const enabled = school.config.products.show_announcement && school.announcement !== null;
  const [open, setOpen] = useState(() => enabled && sessionStorage.getItem(seenKey(school)) !== '1');
  if (!enabled || !school.announcement) return null;
  const close = () => {
    sessionStorage.setItem(seenKey(school), '1');
    setOpen(false);
  };
  const message = (
    <Suspense fallback={null}>
      <RichText html={school.announcement.body} />
    </Suspense>
  );
  return <ResponseModal open={open} type="announcement" title={school.announcement.title} message={message} onClose={close} />;
}
