import type { FastifyInstance } from 'fastify';
import { MAX_SCHOOL_HOSTS, PLATFORM_SCHOOLS_PAGE_SIZE, platformMessages as msg, type NewSchool, type NewSchoolHost, type PlatformSchoolPatch, type PlatformSchoolQuery } from '@school/shared/platform/schools';
import type { Products } from '@school/shared/school/schemas';
import { isUniqueViolation } from '../../lib/db-errors';
import { invalid, notFound } from '../../lib/errors';
import { pageOf } from '../../lib/pagination';
import type { Actor } from '../../lib/policy';
import { recordAudit, staleWrite, type AuditContext } from '../audit/service';
import { invitationWriter } from '../team/service';
import { platformPolicy } from './policy';
import { presentHost, presentPlatformSchool } from './presenter';
import { platformRepository, platformWrites } from './repository';

/** Who asks the platform's console, recorded how; each write is audited under the school it changes. */
export interface PlatformContext {
  actor: Actor & { userId: number };
  audit: AuditContext;
}

const noProducts: Products = { mcle: false, kyc: false, apt_coins: false, google_sso: false, facebook_sso: false, show_announcement: false, primary_id: null };
const subject = (id: number) => ({ type: 'school', id });

/** The host name of the platform's own addresses for schools: `localhost` for the template http://{domain}.localhost:3000. */
function platformBaseHost(template: string) {
  return new URL(template.replace('{domain}', 'school')).hostname.replace(/^school\.?/, '');
}

/**
 * The platform's administrators (SU) at `/admin`: they create schools, each with its first administrator
 * invited by e-mail, deactivate and reopen them, and give them host names of their own.
 */
export function platformService(app: FastifyInstance) {
  const repo = platformRepository(app.db);
  const invitations = invitationWriter(app);
  const baseHost = platformBaseHost(app.config.SCHOOL_URL_TEMPLATE);
  const present = (row: Parameters<typeof presentPlatformSchool>[0]) => presentPlatformSchool(row, app.config.SCHOOL_URL_TEMPLATE);
  const atSchool = (ctx: PlatformContext, schoolId: number): AuditContext => ({ ...ctx.audit, schoolId });

  async function load(ctx: PlatformContext, schoolId: number) {
    platformPolicy.authorize(ctx.actor, 'manage', null);
    const row = await repo.find(schoolId);
    if (!row) throw notFound();
    return row;
  }

  /** Why a host name cannot be given to the school, or null. */
  async function hostProblem(schoolId: number, host: string) {
    if (host === app.config.PLATFORM_HOST || (baseHost && (host === baseHost || host.endsWith(`.${baseHost}`)))) return msg.hostPlatform;
    const owner = await repo.ownerOfHost(host);
    if (owner === schoolId) return msg.hostOwn;
    if (owner !== undefined) return msg.hostTaken;
    return null;
  }

  return {
    async list(ctx: PlatformContext, q: PlatformSchoolQuery) {
      platformPolicy.authorize(ctx.actor, 'manage', null);
      const { rows, count } = await repo.list(q);
      return pageOf(rows.map(present), count, q.page, PLATFORM_SCHOOLS_PAGE_SIZE);
    },

    get: async (ctx: PlatformContext, schoolId: number) => present(await load(ctx, schoolId)),

    /** A new school, its audit entry and its first administrator's invitation in one transaction. */
    async create(ctx: PlatformContext, body: NewSchool) {
      platformPolicy.authorize(ctx.actor, 'manage', null);
      if ((await repo.idOfDomain(body.domain)) !== undefined) throw invalid({ domain: msg.domainTaken });
      // An address that could not accept (a student's, a platform administrator's) would leave the school without one.
      const refusal = await invitations.refusal(body.admin_email, 0); // 0: the school does not exist yet, so nobody is its member
      if (refusal) throw invalid({ admin_email: refusal });
      const id = await app.db
        .transaction(async (tx) => {
          const school = await platformWrites(tx).createSchool({ name: body.name, domain: body.domain, products: { ...noProducts, ...body.products } });
          const audit = atSchool(ctx, school.id);
          await recordAudit(tx, audit, { action: 'school.create', subject: subject(school.id), before: {}, after: { name: school.name, domain: school.domain, products: school.products } });
          await invitations.write(tx, { school, audit, email: body.admin_email, role: 'SA', inviter: school.name });
          return school.id;
        })
        .catch((error: unknown) => {
          // Two schools given one domain at once: the unique index keeps the first.
          if (isUniqueViolation(error)) throw invalid({ domain: msg.domainTaken });
          throw error;
        });
      return this.get(ctx, id);
    },

    /** Name, products and whether the site is open, at the version named in If-Match. */
    async update(ctx: PlatformContext, schoolId: number, version: number, patch: PlatformSchoolPatch) {
      const before = await load(ctx, schoolId);
      const columns = {
        ...(patch.name === undefined ? {} : { name: patch.name }),
        ...(patch.is_active === undefined ? {} : { isActive: patch.is_active }),
        ...(patch.products === undefined ? {} : { products: { ...before.school.products, ...patch.products } }),
      };
      const saved = await app.db.transaction(async (tx) => {
        const row = await platformWrites(tx).updateSchool(schoolId, version, columns);
        if (!row) return false;
        const action = patch.is_active === false && before.school.isActive ? 'school.deactivate' : patch.is_active === true && !before.school.isActive ? 'school.activate' : 'school.update';
        const was = { name: before.school.name, is_active: before.school.isActive, products: before.school.products };
        await recordAudit(tx, atSchool(ctx, schoolId), { action, subject: subject(schoolId), before: was, after: { ...was, ...patch, products: columns.products ?? was.products } });
        return true;
      });
      const current = await this.get(ctx, schoolId);
      if (!saved) throw await staleWrite(app.db, schoolId, subject(schoolId), current, current.version);
      return current;
    },

    async hosts(ctx: PlatformContext, schoolId: number) {
      await load(ctx, schoolId);
      return (await repo.hosts(schoolId)).map(presentHost);
    },

    async addHost(ctx: PlatformContext, schoolId: number, body: NewSchoolHost) {
      await load(ctx, schoolId);
      const problem = await hostProblem(schoolId, body.host);
      if (problem) throw invalid({ host: problem });
      await app.db
        .transaction(async (tx) => {
          const writes = platformWrites(tx);
          await writes.lockSchool(schoolId);
          if ((await writes.hostCount(schoolId)) >= MAX_SCHOOL_HOSTS) throw invalid({ host: msg.tooManyHosts });
          const row = await writes.addHost(schoolId, body.host, body.is_primary);
          await recordAudit(tx, atSchool(ctx, schoolId), { action: 'school.host.add', subject: { type: 'school_host', id: row.id }, after: { host: row.host, is_primary: row.isPrimary } });
        })
        .catch(async (error: unknown) => {
          // Added meanwhile by a request that passed the same check: this school's own, or another's.
          if (isUniqueViolation(error)) throw invalid({ host: (await hostProblem(schoolId, body.host)) ?? msg.hostTaken });
          throw error;
        });
      return this.hosts(ctx, schoolId);
    },

    /** Makes a host name the one e-mails link to (or no longer); the audit says which was primary before. Unchanged: no entry. */
    async setPrimary(ctx: PlatformContext, schoolId: number, hostId: number, isPrimary: boolean) {
      await load(ctx, schoolId);
      await app.db.transaction(async (tx) => {
        const writes = platformWrites(tx);
        await writes.lockSchool(schoolId);
        const saved = await writes.setPrimary(schoolId, hostId, isPrimary);
        if (!saved) throw notFound();
        const primaryAfter = isPrimary ? saved.row.host : saved.primaryBefore === saved.row.host ? null : saved.primaryBefore;
        if (primaryAfter === saved.primaryBefore) return;
        await recordAudit(tx, atSchool(ctx, schoolId), {
          action: 'school.host.primary',
          subject: { type: 'school_host', id: hostId },
          before: { primary_host: saved.primaryBefore },
          after: { primary_host: primaryAfter },
        });
      });
      return this.hosts(ctx, schoolId);
    },

    async removeHost(ctx: PlatformContext, schoolId: number, hostId: number) {
      await load(ctx, schoolId);
      await app.db.transaction(async (tx) => {
        const row = await platformWrites(tx).removeHost(schoolId, hostId);
        if (!row) throw notFound();
        await recordAudit(tx, atSchool(ctx, schoolId), { action: 'school.host.remove', subject: { type: 'school_host', id: hostId }, before: { host: row.host, is_primary: row.isPrimary }, after: {} });
      });
      return this.hosts(ctx, schoolId);
    },
  };
}
