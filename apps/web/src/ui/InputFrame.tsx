/**
 * Stand-ins for heavy inputs in a screen's first render (decision 0021). A Mantine select or date input
 * brings its dropdown, its positioning and a second render of itself when it mounts: a form of
 * several was most of the task that first showed its screen. A form renders `InputFrame`s first — a
 * read-only text field with the input's label, text and size — and puts the real inputs in place in
 * its next render, which React does in the background (`useAfterFirstRender`): the page shows
 * sooner, and nothing moves when the inputs come. A frame has no test id: tests wait for the input.
 */
import type { Select, SelectProps } from '@mantine/core';
import { TextInput, type TextInputProps } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useDeferredValue } from 'react';

/**
 * Mantine's Select, loaded when a form first puts one in place of its frame (inside `Deferred`, whose
 * frame shows until then): a select brings its dropdown, its scroll area and the positioning library,
 * which a list screen's first load does not need (decision 0064).
 */
// Typed as Select itself: `lazy` keeps the props but not Select's generic value type.
export const LazySelect = lazy(() =>
  import('./select').then((m) => ({ default: m.Select })),
) as unknown as typeof Select;

/** The read-only stand-in of an input: same label, text and size; not focusable. */
export function InputFrame(props: Omit<TextInputProps, 'readOnly' | 'tabIndex' | 'onChange'>) {
  return <TextInput {...props} value={props.value ?? ''} readOnly tabIndex={-1} />;
}

/** False in the component's first render, true from the next one (rendered in the background). */
export const useAfterFirstRender = (): boolean => useDeferredValue(true, false);

/** `children` once `ready` (and loaded, when lazy), `frame` until then. */
export function Deferred({
  ready,
  frame,
  children,
}: {
  ready: boolean;
  frame: ReactNode;
  children: ReactNode;
}) {
  return ready ? <Suspense fallback={frame}>{children}</Suspense> : frame;
}

/** The label of the option whose value is `value`, among a select's options (plain or labelled). */
function optionLabel(data: SelectProps['data'], value: string | null | undefined): string | undefined {
  if (value == null) return undefined;
  for (const option of data ?? []) {
    if (typeof option === 'string') {
      if (option === value) return option;
    } else if ('value' in option && option.value === value) return option.label;
  }
  return undefined;
}

/**
 * A Mantine Select that shows its InputFrame until `ready`: the frame gets the select's label,
 * placeholder, chosen option's label, description, asterisk, error and disabled state, so the two
 * cannot drift apart.
 */
export function DeferredSelect({ ready, ...props }: SelectProps & { ready: boolean }) {
  const frame = (
    <InputFrame
      label={props.label}
      placeholder={props.placeholder}
      value={optionLabel(props.data, props.value)}
      description={props.description}
      withAsterisk={props.withAsterisk}
      error={props.error}
      disabled={props.disabled}
    />
  );
  return (
    <Deferred ready={ready} frame={frame}>
      <LazySelect {...props} />
    </Deferred>
  );
}
