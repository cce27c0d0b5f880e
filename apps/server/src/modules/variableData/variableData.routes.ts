/**
 * Retailer data file routes (master-data §7; decision 0045). Thin: permission, schemas, the service.
 * ACCOUNT, FACTORY_ACCOUNT and ADMIN (master-data §6: variable-data upload).
 */
import {
  dataUploadsResponse,
  errorResponse,
  variableDataCustomersResponse,
  variableDataUploadResponse,
} from '@selvedge/shared';
import { currentUser } from '../../platform/auth';
import type { ApiModule } from '../../platform/context';
import { createVariableDataService } from './variableData.service';

const tags = ['variable data'];
const e = errorResponse;

export const variableDataRoutes: ApiModule = (app, ctx) => {
  const service = createVariableDataService(ctx);
  const config = { permission: 'variableDataUpload' as const };

  app.get(
    '/configuration/variable-data-customers',
    {
      config,
      schema: {
        tags,
        summary:
          'Customers with a data file parser (parserType FLAT_FILE or DELIMITED_ROOTS) the user may see',
        response: { 200: variableDataCustomersResponse, 401: e, 403: e },
      },
    },
    async (req) => service.customers(currentUser(req)),
  );

  app.post(
    '/configuration/upload-variable-data',
    {
      config: { ...config, upload: 'variableData' },
      schema: {
        tags,
        summary:
          'Upload a retailer data file (multipart field `file`, after the field `customerId`); processed in the background',
        description:
          'The file is streamed into storage and its import queued; the answer comes at once with the upload ' +
          '(state queued). Plain text only (CSV or fixed-width, UTF-8); at most MAX_VARIABLE_DATA_UPLOAD_MB (413). ' +
          'The uploader gets a mail with the report when processing ends.',
        consumes: ['multipart/form-data'],
        response: { 200: variableDataUploadResponse, 400: e, 401: e, 403: e, 404: e, 413: e },
      },
    },
    async (req) => service.upload(currentUser(req), req),
  );

  app.get(
    '/configuration/variable-data-uploads',
    {
      config,
      schema: {
        tags,
        summary: "The user's latest data file uploads (newest first) with their state and report",
        response: { 200: dataUploadsResponse, 401: e, 403: e },
      },
    },
    async (req) => service.recent(currentUser(req)),
  );
};
