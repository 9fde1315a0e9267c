import { toast } from 'sonner';
import { TOAST_DURATION_MS } from '@school/shared/ui/badge';

/** One toast at a time, top centre, closing after 3000 ms (spec 3 §2). */
export const notify = {
  success(message: string) {
    toast.dismiss();
    toast.success(message, { duration: TOAST_DURATION_MS });
  },
  error(message: string) {
    toast.dismiss();
    toast.error(message, { duration: TOAST_DURATION_MS });
  },
  info(message: string) {
    toast.dismiss();
    toast.info(message, { duration: TOAST_DURATION_MS });
  },
};
