/**
 * The care label editor of product details (ordering §2 Product details, §3 Care label, §5 Fibre
 * percentage, components, special instructions, required fields) with the label's live preview and
 * the market checks beside it. Options come from the customer's lists (GET /products/care-label);
 * every rule is packages/shared careLabel/rules.ts (careLabelAgainst and the editor steps), so the
 * editor, Add to Order and placing judge alike. Problems show on their fields once the user tried to
 * add the line (`checked`); a component whose percentages do not total 100 is flagged as soon as it
 * has a percentage.
 */
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  addFabricRow,
  addGarmentComponent,
  CARE_INSTRUCTION_FIELDS,
  type CareInstructionField,
  type CareLabelDraft,
  type CareLabelProblem,
  type CareLabelType,
  type CustomerCareConfig,
  careInstructionChoices,
  careLabelAgainst,
  careLabelIcons,
  careLabelLayout,
  componentPercentagesValid,
  componentTotal,
  labelCountries,
  MESSAGES,
  marketWarnings,
  offeredComponentTypes,
  offeredMaterials,
  removeFabricRow,
  setFabricMaterial,
  setFabricPercentage,
} from '@selvedge/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { CareLabelPreview, MarketWarnings } from './CareLabelPreview';
import { CareSymbol } from './CareSymbol';

const INSTRUCTION_LABELS: Record<CareInstructionField, string> = {
  wash: 'Wash',
  bleach: 'Bleach',
  dry: 'Dry',
  iron: 'Iron',
  dryClean: 'Dry clean',
};

export interface CareLabelEditorProps {
  type: CareLabelType;
  config: CustomerCareConfig;
  label: CareLabelDraft;
  onChange: (next: CareLabelDraft) => void;
  /** The user tried to add the line: show every problem on its field. */
  checked: boolean;
}

/** The care label editor with its live preview. */
export function CareLabelEditor({ type, config, label, onChange, checked }: CareLabelEditorProps) {
  const verdict = useMemo(() => careLabelAgainst(config, label, type), [config, label, type]);
  const layout = useMemo(
    () =>
      careLabelLayout({
        label,
        icons: careLabelIcons(config, label),
        markets: config.markets,
        identity: config,
      }),
    [config, label],
  );
  const warnings = useMemo(() => marketWarnings(label, config.markets, config), [label, config]);
  const problemOf = (field: string): string | undefined => {
    if (!checked) return undefined;
    const p: CareLabelProblem | undefined = verdict.problems.find((x) => x.field === field);
    return p?.message;
  };
  const percentagesWrong = checked && verdict.problems.some((p) => p.rule === 'percentages');
  const set = (patch: Partial<CareLabelDraft>) => onChange({ ...label, ...patch });
  const components = label.garmentComponents ?? [];
  const instructions = label.specialInstructions ?? [];

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label="Care label"
      data-testid="care-label-editor"
    >
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={4}>Care label</Title>
        <Badge variant="light" color="grape">
          {type === 'CARELABEL_STANDARD' ? 'Standard' : 'By code'}
        </Badge>
      </Group>
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="md">
            {type === 'CARELABEL_STANDARD' ? (
              <Stack gap="xs" data-testid="care-instructions">
                {CARE_INSTRUCTION_FIELDS.map(({ field, type: instructionType }) => {
                  const choices = careInstructionChoices(config, instructionType);
                  const icons = new Map(choices.map((c) => [c.displayName, c.icon]));
                  const value = label[field] ?? null;
                  const icon = value ? icons.get(value) : null;
                  return (
                    <Select
                      key={field}
                      label={INSTRUCTION_LABELS[field]}
                      required
                      placeholder="Choose…"
                      data={[...new Set(choices.map((c) => c.displayName))]}
                      value={value}
                      onChange={(v) => set({ [field]: v })}
                      error={problemOf(field)}
                      leftSection={icon ? <CareSymbol name={icon} size={20} /> : undefined}
                      renderOption={({ option }) => {
                        const i = icons.get(option.value);
                        return (
                          <Group gap="xs" wrap="nowrap">
                            {/* The option's name is its text: the symbol beside it is hidden from assistive technology. */}
                            {i ? (
                              <span aria-hidden="true" style={{ display: 'inline-flex' }}>
                                <CareSymbol name={i} size={22} />
                              </span>
                            ) : null}
                            <Text size="sm">{option.value}</Text>
                          </Group>
                        );
                      }}
                      data-testid={`care-${field}`}
                    />
                  );
                })}
              </Stack>
            ) : (
              <Select
                label="Care code"
                required
                placeholder="Choose…"
                data={config.careCodes.map((c) => ({ value: c.code, label: `${c.code} - ${c.text}` }))}
                value={label.instructionCode?.codeName ?? null}
                onChange={(code) => {
                  const c = config.careCodes.find((x) => x.code === code);
                  set({ instructionCode: c ? { codeName: c.code, codeText: c.text } : null });
                }}
                error={problemOf('instructionCode')}
                data-testid="care-code"
              />
            )}

            <MultiSelect
              label="Country of origin"
              required={config.countryOfOriginRequired}
              placeholder={labelCountries(label).length === 0 ? 'Choose…' : undefined}
              data={config.countriesOfOrigin.map((c) => c.name)}
              value={labelCountries(label)}
              onChange={(v) => set({ countryOfOrigin: null, countryOfOrigins: v })}
              error={problemOf('countryOfOrigins')}
              searchable
              data-testid="care-country"
            />
            <Select
              label="Caution and maintenance"
              placeholder="None"
              clearable
              data={config.cautionMaintenance.map((c) => c.name)}
              value={label.cautionMaintenance ?? null}
              onChange={(v) => set({ cautionMaintenance: v })}
              error={problemOf('cautionMaintenance')}
              data-testid="care-caution"
            />
            {config.copyrightShow && (
              <TextInput
                label="Copyright"
                maxLength={500}
                value={label.copyright ?? ''}
                onChange={(e) => set({ copyright: e.currentTarget.value || null })}
                data-testid="care-copyright"
              />
            )}

            {config.fabricCompositionShow && (
              <Stack gap="xs" data-testid="care-fabric">
                <Text fw={600} size="sm">
                  Fabric composition
                  <Text span c="red">
                    {' '}
                    *
                  </Text>
                </Text>
                {percentagesWrong && (
                  <Alert color="red" variant="light" p="xs" data-testid="care-percentages-message">
                    {MESSAGES.materialPercentages}
                  </Alert>
                )}
                {checked && verdict.missingFabric && (
                  <Text size="sm" c="red">
                    {problemOf('garmentComponents')}
                  </Text>
                )}
                {components.map((component, ci) => {
                  const total = componentTotal(component.fabricCompositions);
                  const flagged =
                    !componentPercentagesValid(component.fabricCompositions) && (checked || total > 0);
                  return (
                    <Paper
                      key={component.componentType}
                      withBorder
                      p="xs"
                      radius="sm"
                      style={flagged ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
                      data-testid="care-component"
                      data-component={component.componentType}
                      data-flagged={flagged}
                    >
                      <Group justify="space-between" mb={4}>
                        <Text fw={600} size="sm">
                          {component.componentType}
                        </Text>
                        <Text size="sm" c={flagged ? 'red' : 'dimmed'} data-testid="care-component-total">
                          Total {total}%
                        </Text>
                      </Group>
                      <Stack gap={6}>
                        {component.fabricCompositions.map((row, ri) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: rows are their place (new rows have no material yet)
                          <Group key={ri} gap="xs" wrap="nowrap" align="flex-start">
                            <Select
                              aria-label={`${component.componentType} material ${ri + 1}`}
                              placeholder="Material"
                              data={offeredMaterials(config, label, ci, ri).map((m) => m.name)}
                              value={row.material || null}
                              onChange={(v) => onChange(setFabricMaterial(label, ci, ri, v ?? ''))}
                              error={problemOf(`garmentComponents.${ci}.fabricCompositions.${ri}.material`)}
                              style={{ flex: 1 }}
                              data-testid="care-material"
                            />
                            <TextInput
                              aria-label={`${component.componentType} percentage ${ri + 1}`}
                              inputMode="numeric"
                              w={84}
                              rightSection={<Text size="sm">%</Text>}
                              value={row.percentage == null ? '' : String(row.percentage)}
                              onChange={(e) =>
                                onChange(setFabricPercentage(label, ci, ri, e.currentTarget.value))
                              }
                              error={flagged}
                              data-testid="care-percentage"
                            />
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              size="lg"
                              aria-label={`Remove ${row.material || 'material'} from ${component.componentType}`}
                              onClick={() => onChange(removeFabricRow(label, ci, ri))}
                              data-testid="care-remove-material"
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Group>
                        ))}
                        <Button
                          variant="subtle"
                          size="xs"
                          leftSection={<IconPlus size={14} />}
                          onClick={() => onChange(addFabricRow(label, ci))}
                          disabled={offeredMaterials(config, label, ci).length === 0}
                          style={{ alignSelf: 'flex-start' }}
                          data-testid="care-add-material"
                        >
                          Add material
                        </Button>
                      </Stack>
                    </Paper>
                  );
                })}
                <Select
                  aria-label="Add a garment component"
                  placeholder="Add a garment component…"
                  data={offeredComponentTypes(config, label).map((c) => c.name)}
                  value={null}
                  onChange={(v) => v && onChange(addGarmentComponent(label, v))}
                  disabled={offeredComponentTypes(config, label).length === 0}
                  data-testid="care-add-component"
                />
              </Stack>
            )}

            {config.specialInstructionsLimit > 0 && (
              <MultiSelect
                label="Special care instructions"
                required={config.specialInstructionsRequired}
                description={MESSAGES.specialInstructionsLimit(config.specialInstructionsLimit)}
                data={config.specialInstructions.map((s) => s.name)}
                value={instructions}
                maxValues={config.specialInstructionsLimit}
                onChange={(v) => set({ specialInstructions: v })}
                error={problemOf('specialInstructions')}
                data-testid="care-special"
              />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Stack gap="sm" align="stretch">
            <Text size="sm" fw={600}>
              Preview
            </Text>
            <CareLabelPreview layout={layout} />
            <MarketWarnings warnings={warnings} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
