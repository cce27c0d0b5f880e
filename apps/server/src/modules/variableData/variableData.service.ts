/**
 * Retailer data files, the upload side (master-data §2 Variable data upload, §7, §8; decision 0045):
 * the customers that have a parser, receiving a file (streamed into storage, never held in memory)
 * and queueing its import, and the user's recent uploads. The import itself is
 * variableData.import.ts, run by the `variableData.import` job.
 */
import {
  apiFieldMessage,
  type DataUploadsResponse,
  MESSAGES,
  VARIABLE_DATA_UPLOAD_FIELDS,
  VARIABLE_DATA_UPLOAD_MESSAGES,
  type VariableDataCustomersResponse,
  type VariableDataUploadResponse,
  variableDataUploadCustomerId,
} from '@selvedge/shared';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import { VARIABLE_DATA_FILE_TYPES } from '../../platform/fileTypes';
import { publishUploadProgress } from '../../platform/liveEvents';
import { newStorageKey } from '../../platform/storage';
import { storeThenCommit } from '../../platform/storedFiles';
import { openUpload } from '../../platform/uploads';
import { inCustomerScope, visibleCustomerIds } from '../access/access';
import { variableDataRepository as repo } from './variableData.repository';

/** The storage folder of uploaded retailer data files. */
export const VARIABLE_DATA_PREFIX = 'variable-data';

export function createVariableDataService(ctx: AppContext) {
  const { db, jobs } = ctx;
  return {
    /** GET /configuration/variable-data-customers: the user's visible customers that have a parser. */
    async customers(user: AuthUser): Promise<VariableDataCustomersResponse> {
      return { customers: await repo.customersWithParser(db, await visibleCustomerIds(db, user)) };
    },

    /**
     * POST /configuration/upload-variable-data (multipart: `customerId`, then `file`): checks the
     * customer (visible to the user, else 404; with a parser, else 400) and the file's first bytes
     * (text, UTF-8), streams it into storage, records the queued upload and queues its import in
     * one transaction, and answers at once with the §8 message. 413 above MAX_VARIABLE_DATA_UPLOAD_MB.
     */
    async upload(user: AuthUser, req: FastifyRequest): Promise<VariableDataUploadResponse> {
      const file = await openUpload(req, {
        field: VARIABLE_DATA_UPLOAD_FIELDS.file,
        accepted: VARIABLE_DATA_FILE_TYPES,
      });
      const refuse = (err: Error): never => {
        // Let the parser run through the unread file, so the body is consumed before the answer.
        file.stream.resume();
        throw err;
      };
      const customerText = file.fields[VARIABLE_DATA_UPLOAD_FIELDS.customerId];
      if (customerText === undefined) {
        refuse(badRequest(VARIABLE_DATA_UPLOAD_MESSAGES.customerRequired, 'customerId'));
      }
      const parsed = variableDataUploadCustomerId.safeParse(customerText);
      if (!parsed.success)
        refuse(
          badRequest(
            apiFieldMessage(['customerId'], parsed.error?.issues[0]?.message ?? 'is not valid').message,
            'customerId',
          ),
        );
      const customerId = parsed.data as number;
      const customer = await repo.customer(db, customerId);
      if (!customer || !inCustomerScope(await visibleCustomerIds(db, user), customerId)) {
        return refuse(notFound(VARIABLE_DATA_UPLOAD_MESSAGES.customerNotFound));
      }
      const layout = customer.parserType;
      if (layout !== 'FLAT_FILE' && layout !== 'DELIMITED_ROOTS') {
        return refuse(badRequest(VARIABLE_DATA_UPLOAD_MESSAGES.noParser(customer.name), 'customerId'));
      }

      const key = newStorageKey(VARIABLE_DATA_PREFIX);
      const uploadId = await storeThenCommit(
        ctx,
        { key, stream: file.stream, contentType: 'text/plain' },
        async (tx) => {
          const id = await repo.insertUpload(tx, {
            customerId,
            uploadedBy: user.id,
            layout,
            fileKey: key,
            fileName: file.fileName,
            fileSize: file.size,
          });
          await jobs.send(tx, 'variableData.import', { uploadId: id });
          await publishUploadProgress(
            tx,
            { id, customerId },
            { state: 'queued', rowsDone: 0, rowsTotal: null },
          );
          return id;
        },
      );
      const upload = await repo.upload(db, uploadId);
      if (!upload) throw new Error(`upload ${uploadId} vanished after its commit`);
      return { message: MESSAGES.variableDataUploaded, upload };
    },

    /** GET /configuration/variable-data-uploads: the user's latest uploads with state and report. */
    async recent(user: AuthUser): Promise<DataUploadsResponse> {
      return { uploads: await repo.recentUploads(db, user.id) };
    },
  };
}
