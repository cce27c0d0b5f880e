/** RFID calls (docs/rfid.md): an order's RFID lines and its encoding file's path. */
import type { OrderRfidResponse } from '@selvedge/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';

export const rfidPaths = {
  /** GET /orders/{id}/rfid-encoding: one row per tag (CSV, or .xlsx with format=xlsx). */
  encoding: (orderId: number) => `/orders/${orderId}/rfid-encoding`,
};

/** GET /orders/{id}/rfid for the roles that see production documents (`enabled`). */
export function useOrderRfidQuery(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', 'rfid', orderId],
    queryFn: ({ signal }) => api.get<OrderRfidResponse>(`/orders/${orderId}/rfid`, { signal }),
    enabled,
    meta: { silentError: true },
  });
}
