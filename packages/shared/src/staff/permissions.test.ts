import { describe, expect, it } from 'vitest';
import { hasPermission, permissionSchema, rolePermissions } from './permissions';

describe('the staff permissions', () => {
  it('give administrators and the platform every permission, and instructors only course work', () => {
    expect(rolePermissions.SA).toEqual(permissionSchema.options);
    expect(rolePermissions.SU).toEqual(permissionSchema.options);
    expect(permissionSchema.options.filter((p) => hasPermission('IN', p))).toEqual(['course.update', 'exam.update', 'exam.grade', 'report.course', 'message.send']);
  });
  it('give nobody without a staff role anything', () => {
    expect(permissionSchema.options.some((p) => hasPermission(null, p))).toBe(false);
  });
});
