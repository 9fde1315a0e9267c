import type { FastifyInstance } from 'fastify';
import type { ExportKind, ExportRequest } from '@school/shared/staff/exports';
import type { Permission } from '@school/shared/staff/permissions';
import { paymentRows } from '../payments/staff-transaction-export';
import type { SchoolRow } from '../tenancy/repository';

type Cell = string | number | boolean | null;
type FiltersOf<K extends ExportKind> = Extract<ExportRequest, { kind: K }>['filters'];

interface Exporter<K extends ExportKind> {
  /** Who may ask for it at the school (and download it: only its requester). */
  permission: Permission;
  /** The file's rows, in order; each row's keys are the header. */
  rows(app: FastifyInstance, school: SchoolRow, filters: FiltersOf<K>): AsyncIterable<Record<string, Cell>>;
}

/** Every export the console offers: adding one is its kind in the shared labels and a line here. */
export const exporters: { [K in ExportKind]: Exporter<K> } = {
  payments: { permission: 'payment.read', rows: paymentRows },
};

/** The rows of an export as asked (the kind picks its exporter, with the filters of that kind). */
export const rowsOf = (app: FastifyInstance, school: SchoolRow, asked: ExportRequest) => {
  switch (asked.kind) {
    case 'payments':
      return exporters.payments.rows(app, school, asked.filters);
  }
};
