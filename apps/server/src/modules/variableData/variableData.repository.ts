/**
 * SQL of the retailer data files (docs/decisions/0045): the customers with a parser, the
 * uploads and their state. The import's own statements are in variableData.import.repository.ts.
 */
import {
  DATA_UPLOAD_STATES,
  type DataUpload,
  type DataUploadReport,
  RECENT_DATA_UPLOADS,
  type VariableDataCustomer,
} from '@selvedge/shared';
import { desc, eq, ne } from 'drizzle-orm';
import { allOf } from '../../platform/crud';
import type { Db, Tx } from '../../platform/db';
import { customers, dataUploads } from '../../platform/db/schema';
import { type CustomerScope, customerScopeCondition } from '../access/access';

type Q = Db | Tx;
type Layout = VariableDataCustomer['parserType'];
const isLayout = (v: string): v is Layout => v === 'FLAT_FILE' || v === 'DELIMITED_ROOTS';

const uploadColumns = {
  id: dataUploads.id,
  customerId: dataUploads.customerId,
  customerName: customers.companyName,
  fileName: dataUploads.fileName,
  fileSize: dataUploads.fileSize,
  state: dataUploads.state,
  rowsDone: dataUploads.rowsDone,
  rowsTotal: dataUploads.rowsTotal,
  report: dataUploads.report,
  createdAt: dataUploads.createdAt,
  startedAt: dataUploads.startedAt,
  finishedAt: dataUploads.finishedAt,
};
interface UploadRow {
  id: number;
  customerId: number;
  customerName: string;
  fileName: string;
  fileSize: number;
  state: string;
  rowsDone: number;
  rowsTotal: number | null;
  report: Record<string, unknown> | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

function toDataUpload(r: UploadRow): DataUpload {
  return {
    ...r,
    state: DATA_UPLOAD_STATES.find((s) => s === r.state) ?? 'queued',
    report: (r.report as DataUploadReport | null) ?? null,
    createdAt: r.createdAt.toISOString(),
    startedAt: r.startedAt ? r.startedAt.toISOString() : null,
    finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
  };
}

export const variableDataRepository = {
  /** Customers with a parser (parserType not NONE) inside `scope`, by name. */
  async customersWithParser(db: Q, scope: CustomerScope): Promise<VariableDataCustomer[]> {
    const rows = await db
      .select({
        customerId: customers.id,
        customerName: customers.companyName,
        parserType: customers.parserType,
      })
      .from(customers)
      .where(allOf(ne(customers.parserType, 'NONE'), customerScopeCondition(customers.id, scope)))
      .orderBy(customers.companyName);
    return rows.flatMap((r) => (isLayout(r.parserType) ? [{ ...r, parserType: r.parserType }] : []));
  },

  /** One customer's name and parser type, or undefined when there is no such customer. */
  async customer(db: Q, customerId: number) {
    const [row] = await db
      .select({ id: customers.id, name: customers.companyName, parserType: customers.parserType })
      .from(customers)
      .where(eq(customers.id, customerId));
    return row;
  },

  /** Inserts a queued upload; answers its id. */
  async insertUpload(
    tx: Q,
    row: {
      customerId: number;
      uploadedBy: number;
      layout: Layout;
      fileKey: string;
      fileName: string;
      fileSize: number;
    },
  ): Promise<number> {
    const [inserted] = await tx.insert(dataUploads).values(row).returning({ id: dataUploads.id });
    return inserted!.id;
  },

  /** One upload as the screen shows it, or undefined. */
  async upload(db: Q, id: number): Promise<DataUpload | undefined> {
    const [row] = await db
      .select(uploadColumns)
      .from(dataUploads)
      .innerJoin(customers, eq(customers.id, dataUploads.customerId))
      .where(eq(dataUploads.id, id));
    return row ? toDataUpload(row) : undefined;
  },

  /** The user's latest RECENT_DATA_UPLOADS uploads, newest first. */
  async recentUploads(db: Q, userId: number): Promise<DataUpload[]> {
    const rows = await db
      .select(uploadColumns)
      .from(dataUploads)
      .innerJoin(customers, eq(customers.id, dataUploads.customerId))
      .where(eq(dataUploads.uploadedBy, userId))
      .orderBy(desc(dataUploads.id))
      .limit(RECENT_DATA_UPLOADS);
    return rows.map(toDataUpload);
  },
};
