/**
 * The care label drawn as SVG at its real proportions from its layout (packages/shared
 * careLabel/layout.ts): the same texts and symbols at the same places the production PO prints
 * (documents/pdf/careLabel.ts). Beside the editor it shows the label as it is being built; on order
 * details the label that was ordered. Market warnings (markets.ts) are listed under it.
 */
import { List, Stack, Text } from '@mantine/core';
import { CARE_SYMBOL_BOX, type CareLabelLayout, careSymbol, type MarketWarning } from '@selvedge/shared';
import { CareSymbolShapes } from './CareSymbol';

/** Pixels per millimetre of the drawing at its default width. */
const PX_PER_MM = 6;

/** The label `layout` as SVG, `widthPx` wide (default 40 mm × 6 px). */
export function CareLabelPreview({ layout, widthPx }: { layout: CareLabelLayout; widthPx?: number }) {
  const width = widthPx ?? layout.width * PX_PER_MM;
  return (
    <svg
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width={width}
      height={(width * layout.height) / layout.width}
      role="img"
      aria-label="Care label preview"
      data-testid="care-label-preview"
      style={{ display: 'block', maxWidth: '100%', height: 'auto', color: '#1d1d1b' }}
    >
      <rect
        x={0.15}
        y={0.15}
        width={layout.width - 0.3}
        height={layout.height - 0.3}
        rx={1}
        fill="#fbfaf6"
        stroke="#c9c6bd"
        strokeWidth={0.3}
      />
      {layout.elements.map((e, i) => {
        if (e.kind === 'text') {
          return (
            <text
              // biome-ignore lint/suspicious/noArrayIndexKey: the layout's elements have no identity but their place
              key={i}
              x={e.x}
              y={e.y}
              fontSize={e.size}
              fontWeight={e.bold ? 700 : 400}
              fontFamily="Helvetica, Arial, sans-serif"
              textAnchor={e.anchor}
              fill="currentColor"
            >
              {e.text}
            </text>
          );
        }
        const symbol = careSymbol(e.name);
        if (!symbol) return null;
        const scale = e.size / CARE_SYMBOL_BOX;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <g key={i} transform={`translate(${e.x} ${e.y}) scale(${scale})`} data-care-symbol={e.name}>
            <title>{e.title}</title>
            <CareSymbolShapes symbol={symbol} />
          </g>
        );
      })}
    </svg>
  );
}

/** The market checks' warnings under a preview; nothing when there are none. */
export function MarketWarnings({ warnings }: { warnings: MarketWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <Stack gap={4} data-testid="care-label-warnings">
      <Text size="sm" fw={600} c="orange.8">
        Market checks
      </Text>
      <List size="sm" spacing={2}>
        {warnings.map((w) => (
          <List.Item key={`${w.market}-${w.code}-${w.message}`}>
            <Text span size="sm" fw={600}>
              {w.market}:
            </Text>{' '}
            {w.message}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
