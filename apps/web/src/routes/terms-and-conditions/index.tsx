/**
 * Terms and conditions (/terms-and-conditions, master-data §1): public legal text. The site is
 * operated from Ontario, Canada, is free to use, and the terms were last updated January 9th, 2020.
 */
import { Anchor, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBrandName } from '../../api/app-config';

/** Date the terms were last changed (master-data §1). */
export const TERMS_LAST_UPDATED = 'January 9th, 2020';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section">
      <Title order={3} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The terms and conditions page. */
export default function TermsAndConditionsPage() {
  const brand = useBrandName();
  return (
    <Container size="md" py="md">
      <Paper withBorder radius="md" p="xl">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              Terms and Conditions
            </Title>
            <Text size="sm" c="dimmed" data-testid="terms-last-updated">
              Last updated: {TERMS_LAST_UPDATED}
            </Text>
          </Stack>

          <Section title="1. About these terms">
            <Text>
              These terms govern your use of the {brand} order portal (the “Site”). The Site is operated from
              the Province of Ontario, Canada. By accessing or using the Site you agree to be bound by these
              terms. If you do not agree, please do not use the Site.
            </Text>
          </Section>

          <Section title="2. Use of the Site">
            <Text>
              The Site is free to use. It is provided so that vendors, customers and staff can browse product
              catalogues, place and follow orders for labels, tags, tickets and trims, and exchange the
              artwork and documents those orders need. You agree to use the Site only for these purposes and
              in accordance with all applicable laws.
            </Text>
          </Section>

          <Section title="3. Accounts">
            <List spacing={4}>
              <List.Item>
                Accounts are issued by {brand}; you are responsible for keeping your password confidential.
              </List.Item>
              <List.Item>You are responsible for all activity carried out under your account.</List.Item>
              <List.Item>
                For your security, a password expires after six months of inactivity and must then be reset.
              </List.Item>
              <List.Item>We may suspend or close an account that is misused.</List.Item>
            </List>
          </Section>

          <Section title="4. Orders, prices and artwork">
            <Text>
              Prices, costs and charges shown on the Site are those in effect when an order is placed and may
              change before then. An order is accepted once it has been placed and confirmed on the Site. You
              are responsible for checking that the quantities, variable data, care-label content and artwork
              you submit or approve are correct and lawful, and that you have the right to use any artwork or
              trademark you upload.
            </Text>
          </Section>

          <Section title="5. Intellectual property">
            <Text>
              The Site and its content, other than material uploaded by users, belong to {brand} or its
              licensors. You may not copy, modify or distribute them except as needed to use the Site.
            </Text>
          </Section>

          <Section title="6. Disclaimer and limitation of liability">
            <Text>
              The Site is provided “as is” and “as available”, without warranties of any kind. To the fullest
              extent permitted by law, {brand} is not liable for any indirect, incidental or consequential
              loss arising from the use of, or inability to use, the Site.
            </Text>
          </Section>

          <Section title="7. Governing law">
            <Text>
              These terms are governed by the laws of the Province of Ontario and the federal laws of Canada
              applicable there. The courts of Ontario have exclusive jurisdiction over any dispute arising
              from them.
            </Text>
          </Section>

          <Section title="8. Changes">
            <Text>
              We may update these terms from time to time. The date at the top of this page shows when they
              were last changed; continued use of the Site after a change means you accept the updated terms.
            </Text>
          </Section>

          <Text size="sm">
            <Anchor component={Link} to="/">
              Return to the portal
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
