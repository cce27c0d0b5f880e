/**
 * Care Labels (/care-label?tab=1|2&customerId=; master-data §2 Care labels page; decision 0041), ADMIN
 * only (ROUTE_ACCESS): the Options tab (tab=1, every option kind) and the Lists tab (tab=2, named
 * lists per kind). 'Back to Customer' shows when customerId names a customer (not 0), returning to
 * that customer's details, whose Care Labels button opens this page. An unknown tab opens Options;
 * a customerId that is not an id (digits, 1 to MAX_ID) counts as 0.
 */
import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { CareListsEditor } from '../../features/care-label/CareListsEditor';
import { CareOptionsEditor } from '../../features/care-label/CareOptionsEditor';
import { parseRecordId } from '../../features/master-data/useDetailMode';

export default function CareLabelPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === '2' ? '2' : '1';
  const customerId = parseRecordId(params.get('customerId'));

  return (
    <Stack gap="md" maw={1400} mx="auto" w="100%" data-testid="care-label-page">
      <Group justify="space-between" align="center">
        <Title order={2}>Care Labels</Title>
        {customerId !== null && (
          <Button
            component={Link}
            to={`/customer-details?id=${customerId}`}
            variant="default"
            leftSection={<IconArrowLeft size={18} />}
            data-testid="care-back-to-customer"
          >
            Back to Customer
          </Button>
        )}
      </Group>
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams(
            (p) => {
              const next = new URLSearchParams(p);
              next.set('tab', value ?? '1');
              return next;
            },
            { replace: true },
          )
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="1" data-testid="care-tab-options">
            Options
          </Tabs.Tab>
          <Tabs.Tab value="2" data-testid="care-tab-lists">
            Lists
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="1">
          <CareOptionsEditor />
        </Tabs.Panel>
        <Tabs.Panel value="2">
          <CareListsEditor customerId={customerId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
