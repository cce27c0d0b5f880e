/**
 * Retailer data file calls (master-data §7; decision 0045): the customers that have a parser, the upload
 * (multipart `customerId` then `file`, with upload progress) and the user's recent uploads, polled
 * while one is still being processed.
 */
import {
  type DataUploadsResponse,
  VARIABLE_DATA_UPLOAD_FIELDS,
  type VariableDataCustomersResponse,
  type VariableDataUploadResponse,
} from '@selvedge/shared';
import { useQuery } from '@tanstack/react-query';
import { api, apiUpload } from './client';

export const variableDataKeys = {
  all: ['variable-data'] as const,
  customers: () => [...variableDataKeys.all, 'customers'] as const,
  uploads: () => [...variableDataKeys.all, 'uploads'] as const,
};

/** GET /configuration/variable-data-customers. */
export function useVariableDataCustomersQuery() {
  return useQuery({
    queryKey: variableDataKeys.customers(),
    queryFn: ({ signal }) =>
      api.get<VariableDataCustomersResponse>('/configuration/variable-data-customers', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** How often the recent uploads are read again while one is queued or processing (ms). */
export const UPLOADS_POLL_MS = 2000;

/** GET /configuration/variable-data-uploads, read again every 2 s while an upload is not done. */
export function useDataUploadsQuery() {
  return useQuery({
    queryKey: variableDataKeys.uploads(),
    queryFn: ({ signal }) => api.get<DataUploadsResponse>('/configuration/variable-data-uploads', { signal }),
    refetchInterval: (query) =>
      query.state.data?.uploads.some((u) => u.state === 'queued' || u.state === 'processing')
        ? UPLOADS_POLL_MS
        : false,
  });
}

/** POST /configuration/upload-variable-data: answers the §8 message and the queued upload. */
export function uploadVariableData(
  customerId: number,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<VariableDataUploadResponse> {
  return apiUpload<VariableDataUploadResponse>(
    '/configuration/upload-variable-data',
    VARIABLE_DATA_UPLOAD_FIELDS.file,
    file,
    { onProgress, fields: { [VARIABLE_DATA_UPLOAD_FIELDS.customerId]: String(customerId) } },
  );
}
