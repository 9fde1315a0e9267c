import { z } from 'zod';
import { permissionSchema, staffRoleSchema } from './permissions';

/** GET /staff/me/: who the caller is at the site's school, which the console's guard and menus read. */
export const staffMeSchema = z.object({
  school: z.object({ id: z.number().int(), domain: z.string(), name: z.string() }),
  role: staffRoleSchema,
  permissions: z.array(permissionSchema),
});
export type StaffMe = z.infer<typeof staffMeSchema>;
