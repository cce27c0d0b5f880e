/**
 * One ISO 3758 care symbol (packages/shared careLabel/symbols.ts) drawn as inline SVG: the same paths
 * the production PO draws with pdfkit. `name` is a care instruction's `icon`; an unknown name draws
 * nothing (the caller shows the display name beside it anyway).
 */
import {
  CARE_SYMBOL_BOX,
  CARE_SYMBOL_STROKE,
  type CareSymbol as CareSymbolData,
  careSymbol,
} from '@selvedge/shared';

/** A care symbol `size` pixels square; `title` (default: the symbol's own) is its accessible name. */
export function CareSymbol({ name, size = 32, title }: { name: string; size?: number; title?: string }) {
  const symbol = careSymbol(name);
  if (!symbol) return null;
  const pad = CARE_SYMBOL_STROKE / 2;
  return (
    <svg
      viewBox={`${-pad} ${-pad} ${CARE_SYMBOL_BOX + 2 * pad} ${CARE_SYMBOL_BOX + 2 * pad}`}
      width={size}
      height={size}
      role="img"
      aria-label={title ?? symbol.title}
      data-care-symbol={name}
    >
      <title>{title ?? symbol.title}</title>
      <CareSymbolShapes symbol={symbol} />
    </svg>
  );
}

/** The paths of a care symbol in its 100 × 100 box (no <svg>): a standalone symbol and the label preview draw them alike. */
export function CareSymbolShapes({ symbol }: { symbol: CareSymbolData }) {
  return (
    <>
      {symbol.shapes.map((shape) =>
        shape.paint === 'fill' ? (
          <path key={shape.d} d={shape.d} fill="currentColor" />
        ) : (
          <path
            key={shape.d}
            d={shape.d}
            fill="none"
            stroke="currentColor"
            strokeWidth={CARE_SYMBOL_STROKE}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        ),
      )}
    </>
  );
}
