/**
 * The product passport page (decision 0044) at the GS1 Digital Link path
 * /01/{gtin}/21/{serial}, which a care label's QR code opens: public, read-only, outside the
 * signed-in frame (no navigation bar, no footer), made for a phone. It shows the garment's fibre
 * content per component, care instructions with their ISO 3758 symbols, country of origin, caution
 * and special instructions, headings in each of the customer's languages — nothing of the order. A
 * link that names no passport (unknown serial, or not a GTIN at all) shows one 'not found' text.
 */
import { Alert, Container, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  PASSPORT_HEADINGS,
  PASSPORT_MESSAGES,
  type PassportLanguage,
  type PassportResponse,
} from '@selvedge/shared';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useParams } from 'react-router';
import { useBrandName } from '../../api/app-config';
import { api, isApiError } from '../../api/client';
import { CareSymbol } from '../../features/care-label/CareSymbol';

/** A heading in every language of the passport: 'Fibre content · Composition'. */
function heading(key: keyof typeof PASSPORT_HEADINGS, languages: readonly PassportLanguage[]): string {
  return languages.map((l) => PASSPORT_HEADINGS[key][l]).join(' · ');
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The passport's content (its answer drawn). */
function PassportView({ p }: { p: PassportResponse }) {
  const langs = p.languages;
  return (
    <Stack gap="lg">
      <Section title={heading('fibres', langs)}>
        {p.components.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: components are in the label's order and have no identity
          <Stack key={i} gap={2} data-testid="passport-component">
            <Text fw={700} size="sm" tt="uppercase">
              {c.component ?? heading('garment', langs)}
            </Text>
            {c.fibres.map((f, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <Group key={j} gap="xs" wrap="nowrap" align="baseline">
                <Text fw={600} w={48} ta="right" style={{ flexShrink: 0 }}>
                  {f.percentage ?? '–'}%
                </Text>
                <Text>
                  {langs
                    .map((l) => f.name[l])
                    .filter(Boolean)
                    .join(' / ')}
                </Text>
              </Group>
            ))}
          </Stack>
        ))}
      </Section>
      {(p.careInstructions.length > 0 || p.careCode) && (
        <Section title={heading('care', langs)}>
          {p.careInstructions.map((c) => (
            <Group key={c.type} gap="sm" wrap="nowrap">
              {c.symbol ? (
                <CareSymbol name={c.symbol} size={36} title={c.text} />
              ) : (
                <span style={{ width: 36 }} />
              )}
              <Text>{c.text}</Text>
            </Group>
          ))}
          {p.careCode && (
            <Stack gap={2}>
              <Text fw={700}>{p.careCode.code}</Text>
              <Text style={{ whiteSpace: 'pre-line' }}>{p.careCode.text}</Text>
            </Stack>
          )}
        </Section>
      )}
      {p.countriesOfOrigin.length > 0 && (
        <Section title={heading('origin', langs)}>
          {p.countriesOfOrigin.map((c) => (
            <Text key={c}>{c}</Text>
          ))}
        </Section>
      )}
      {p.caution && (
        <Section title={heading('caution', langs)}>
          <Text style={{ whiteSpace: 'pre-line' }}>{p.caution}</Text>
        </Section>
      )}
      {p.specialInstructions.length > 0 && (
        <Section title={heading('special', langs)}>
          {p.specialInstructions.map((s) => (
            <Text key={s}>{s}</Text>
          ))}
        </Section>
      )}
      <Divider />
      <Text size="xs" c="dimmed" data-testid="passport-ids">
        GTIN {p.gtin} · Serial {p.serial}
      </Text>
    </Stack>
  );
}

/** The page: the passport of the link's GTIN and serial, or a 'not found' message. */
export default function PassportPage() {
  const { gtin = '', serial = '' } = useParams();
  const brand = useBrandName();
  const query = useQuery({
    queryKey: ['passport', gtin, serial],
    queryFn: ({ signal }) =>
      api.get<PassportResponse>(`/passport/01/${encodeURIComponent(gtin)}/21/${encodeURIComponent(serial)}`, {
        auth: false,
        signal,
      }),
    retry: false,
    meta: { silentError: true },
  });
  const langs = query.data?.languages ?? ['en'];
  useEffect(() => {
    document.title = `${PASSPORT_HEADINGS.title.en} | ${brand}`;
  }, [brand]);
  return (
    <Container size={560} px="sm" py="md">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Stack gap={2}>
            <Text size="sm" c="dimmed" fw={600}>
              {brand}
            </Text>
            <Title order={1} size="h2">
              {heading('title', langs)}
            </Title>
          </Stack>
          {query.isPending && <Loader size="sm" aria-label="Loading" />}
          {query.isError && (
            <Alert color="gray" title="Not found" data-testid="passport-not-found">
              {isApiError(query.error) && (query.error.status === 400 || query.error.status === 404)
                ? // A link that cannot be one (a wrong GTIN check digit: 400) reads as an unknown
                  // serial does: the page is for whoever scans a garment, not a validator's text.
                  PASSPORT_MESSAGES.notFound
                : PASSPORT_MESSAGES.loadFailed}
            </Alert>
          )}
          {query.data && <PassportView p={query.data} />}
        </Stack>
      </Paper>
    </Container>
  );
}
