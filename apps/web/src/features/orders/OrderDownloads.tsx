/**
 * The download buttons (ordering §2 Order list, Order details; §7 Downloads; decision 0038): every file
 * goes through the one download function (api/files.ts downloadFile: apiDownload under the
 * 'Downloading...' overlay, saved under the server's Content-Disposition file name). A button shows
 * only for the roles its call admits (the route permissions: ordersRead for the order files, the
 * downloadInventoryCsv capability for the inventory files), and the Roots reports only when
 * /has-roots-customer says so. The list's files carry the filters of the search that ran. Each
 * button's chevron offers the same file as an Excel workbook (format=xlsx; decision 0049).
 */
import { Button, Group, Menu } from '@mantine/core';
import { API_ACCESS, hasCapability, LABELS, type Role } from '@selvedge/shared';
import { IconChevronDown, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { memo, useDeferredValue } from 'react';
import { downloadFile } from '../../api/files';
import { useCustomersQuery, useHasDunnesCustomerQuery, useHasRootsCustomerQuery } from '../../api/lookups';
import type { OrderListParams } from '../../api/orders';
import { usePhone } from '../../ui/phone';
import { useSessionUser } from '../session/use-session';

/** The download calls (ordering §7 Downloads). */
export const downloadPaths = {
  allCsv: '/orders/download-all-csv',
  allFullCsv: '/orders/download-all-full-csv',
  inventoryCsv: '/orders/download-inventory-csv',
  rootsInventoryCsv: '/orders/download-roots-inventory-csv',
  rootsFullInventoryCsv: '/orders/download-roots-full-inventory-csv',
  orderCsv: (orderId: number) => `/orders/${orderId}/download-csv`,
  orderData: (orderId: number) => `/orders/${orderId}/download-data`,
};

const canReadOrders = (role: Role | null) =>
  !!role && (API_ACCESS.ordersRead as readonly Role[]).includes(role);

/**
 * One download button: a click gives the CSV; the chevron beside it offers the same rows as an Excel
 * workbook (`format=xlsx`, docs/downloads.md, decision 0049).
 */
function DownloadButton({
  label,
  path,
  query,
  testId,
  size = 'xs',
}: {
  label: string;
  path: string;
  query?: Record<string, string | number>;
  testId: string;
  /** Mantine button size (the order list's row of files: xs; order details' header: sm). */
  size?: 'xs' | 'sm';
}) {
  return (
    <Button.Group>
      <Button
        size={size}
        variant="light"
        leftSection={<IconDownload size={14} aria-hidden />}
        onClick={() => void downloadFile(path, query)}
        data-testid={testId}
      >
        {label}
      </Button>
      <Menu position="bottom-end" shadow="md">
        <Menu.Target>
          <Button
            size={size}
            variant="light"
            px={6}
            aria-label={`${label}: other formats`}
            data-testid={`${testId}-format`}
          >
            <IconChevronDown size={14} aria-hidden />
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconFileSpreadsheet size={14} aria-hidden />}
            onClick={() => void downloadFile(path, { ...query, format: 'xlsx' })}
            data-testid={`${testId}-xlsx`}
          >
            As Excel workbook (.xlsx)
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Button.Group>
  );
}

/** One file of the order list's downloads. */
interface ListFile {
  label: string;
  path: string;
  query?: Record<string, string | number>;
  testId: string;
}

/**
 * The order list's buttons: Download All CSV and Download All Full CSV (the orders of `params`, every
 * page), Download Inventory CSV, and the two Roots reports. On a phone they are one Downloads menu,
 * so that they do not push the orders down by four rows of buttons. Only the layout of the window's
 * width is rendered (usePhone): each button's format menu is a popover of its own, and rendering both
 * layouts, one hidden, cost the list's first answer a render of six (decision 0078).
 */
export function OrderListDownloads({
  params,
  role,
  userId,
}: {
  /** The list's query of the search that ran (page and size are left out). */
  params: OrderListParams;
  role: Role | null;
  userId: string | null;
}) {
  const inventory = hasCapability('downloadInventoryCsv', role);
  const roots = useHasRootsCustomerQuery(inventory ? userId : null);
  // The Roots reports come in the background, in slices: the answer's own render, a blocking one
  // (TanStack Query subscribes through useSyncExternalStore), stops here (decision 0078).
  const withRoots = useDeferredValue(inventory && roots.data?.hasRootsCustomer === true);
  if (!canReadOrders(role)) return null;
  return <ListDownloadButtons params={params} inventory={inventory} withRoots={withRoots} />;
}

/** The order list's buttons (OrderListDownloads), for the files the role may download. */
const ListDownloadButtons = memo(function ListDownloadButtons({
  params,
  inventory,
  withRoots,
}: {
  params: OrderListParams;
  inventory: boolean;
  withRoots: boolean;
}) {
  const phone = usePhone();
  const { page: _page, size: _size, ...filters } = params;
  const query = filters as Record<string, string | number>;
  const files: ListFile[] = [
    { label: 'Download All CSV', path: downloadPaths.allCsv, query, testId: 'download-all-csv' },
    {
      label: 'Download All Full CSV',
      path: downloadPaths.allFullCsv,
      query,
      testId: 'download-all-full-csv',
    },
  ];
  if (inventory)
    files.push({
      label: 'Download Inventory CSV',
      path: downloadPaths.inventoryCsv,
      testId: 'download-inventory-csv',
    });
  if (withRoots)
    files.push(
      {
        label: 'Roots Inventory',
        path: downloadPaths.rootsInventoryCsv,
        testId: 'download-roots-inventory-csv',
      },
      {
        label: 'Roots Full Inventory',
        path: downloadPaths.rootsFullInventoryCsv,
        testId: 'download-roots-full-inventory-csv',
      },
    );
  if (!phone)
    return (
      <Group gap="xs" justify="flex-end" wrap="wrap" data-testid="order-downloads">
        {files.map((f) => (
          <DownloadButton key={f.testId} {...f} />
        ))}
      </Group>
    );
  return (
    <Group justify="flex-end">
      <Menu position="bottom-end" shadow="md">
        <Menu.Target>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            data-testid="order-downloads-menu"
          >
            Downloads
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {files.map((f) => (
            <Menu.Item
              key={f.testId}
              leftSection={<IconDownload size={14} aria-hidden />}
              onClick={() => void downloadFile(f.path, f.query)}
              data-testid={`${f.testId}-menu`}
            >
              {f.label}
            </Menu.Item>
          ))}
          <Menu.Label>As Excel workbooks (.xlsx)</Menu.Label>
          {files.map((f) => (
            <Menu.Item
              key={`${f.testId}-xlsx`}
              leftSection={<IconFileSpreadsheet size={14} aria-hidden />}
              onClick={() => void downloadFile(f.path, { ...f.query, format: 'xlsx' })}
              data-testid={`${f.testId}-xlsx-menu`}
            >
              {f.label.replace(/ CSV$/, '')} (.xlsx)
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
});

/** Order details' Download CSV: the order, one row per line and size. */
export function OrderCsvDownload({ orderId, role }: { orderId: number; role: Role | null }) {
  if (!canReadOrders(role)) return null;
  return (
    <DownloadButton
      label="Download CSV"
      path={downloadPaths.orderCsv(orderId)}
      testId="download-order-csv"
      size="sm"
    />
  );
}

/**
 * 'Download Data' of one order with variable data (ordering §2 Order list: "only for one named
 * customer's orders with variable data"; §6 the download variable data CSV roles; docs/downloads.md,
 * decision 0057): shown when /has-dunnes-customer says the user sees a Dunnes customer and the
 * order's customer is one (parser type FLAT_FILE, from GET /customers). The order's variable data as
 * the printer needs it. Sits above a card's stretched link, so a click downloads instead of opening
 * the order.
 */
export function OrderDataDownload({
  orderId,
  customerId,
  role,
}: {
  orderId: number;
  customerId: number | null;
  role: Role | null;
}) {
  const allowed = hasCapability('downloadVariableDataCsv', role);
  const { user } = useSessionUser();
  const dunnes = useHasDunnesCustomerQuery(allowed ? (user?.id ?? null) : null);
  const customers = useCustomersQuery(allowed && dunnes.data?.hasDunnesCustomer === true);
  const parserType = customers.data?.customers.find((c) => c.id === customerId)?.parserType;
  if (!allowed || !dunnes.data?.hasDunnesCustomer || parserType !== 'FLAT_FILE') return null;
  return (
    <Group justify="flex-end" style={{ position: 'relative', zIndex: 2 }}>
      <DownloadButton
        label={LABELS.downloadData}
        path={downloadPaths.orderData(orderId)}
        testId="download-data"
      />
    </Group>
  );
}
