/**
 * The app's date input (ordering §5 Cart Date Requested 'dd-MMM-yyyy', §5 estimated completion
 * date, §9 'the Enter key triggers save'): a calendar and a text field that accepts typed dates as
 * DD-MMM-YYYY (05-Dec-2026), DD-MMM-YY (05-Dec-26) or YYYY-MM-DD (2026-12-05), shown as DD-MMM-YYYY.
 *
 * The value is a calendar date 'YYYY-MM-DD' (docs/decisions/0012). What the user types is a draft:
 * it is committed (`onCommit`) when the field loses focus, on Enter, or when a day is picked in the
 * calendar — never on every keystroke, so a half-typed year is never saved. `minDate` only greys
 * out earlier days in the calendar; a typed earlier date is committed too, so that the caller's
 * validation can say why it is refused (a silent revert would not).
 */
import { DateInput, type DateInputProps } from '@mantine/dates';
import { DATE_INPUT_FORMAT, parseTypedDate } from '@selvedge/shared';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

/** Props of {@link DateField}: a Mantine DateInput whose value is committed, not changed. */
export interface DateFieldProps
  extends Omit<
    DateInputProps,
    'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'minDate' | 'onBlur' | 'onKeyDown'
  > {
  /** The saved date, 'YYYY-MM-DD', or null. The draft follows it whenever it changes. */
  value: string | null;
  /** The user is done with the field: blur, Enter or a day picked; null when it was emptied. */
  onCommit: (value: string | null) => void;
  /** Earliest day offered in the calendar ('YYYY-MM-DD'). */
  minDate?: string;
  /** False when the date cannot be cleared: an emptied field shows the saved date again. */
  allowEmpty?: boolean;
  /**
   * Whether the field holds something not saved: true once the text typed differs from the saved
   * date (a half-typed one too), false when it matches again, after a commit that left the saved
   * date, and when a new saved date arrives.
   */
  onDraftChange?: (changed: boolean) => void;
}

/** The date input of the app (cart Date Requested, order Estimated Completion Date). */
export function DateField({
  value,
  onCommit,
  minDate,
  allowEmpty = true,
  onDraftChange,
  ...rest
}: DateFieldProps) {
  // The clear button (×) says what it clears (a button needs an accessible name).
  const clearLabel = typeof rest.label === 'string' ? `Clear ${rest.label}` : 'Clear date';
  const [draft, setDraft] = useState<string | null>(value);
  const draftRef = useRef(draft);
  // The latest callback, so that the effect below runs on a new saved value only.
  const onDraftChangeRef = useRef(onDraftChange);
  onDraftChangeRef.current = onDraftChange;
  // A new saved value (loaded or saved) replaces the draft; a failed save leaves the typed draft.
  useEffect(() => {
    draftRef.current = value;
    setDraft(value);
    onDraftChangeRef.current?.(false);
  }, [value]);
  const savedText = value ? dayjs(value).format(DATE_INPUT_FORMAT) : '';
  const commit = (next: string | null) => {
    onCommit(next);
    onDraftChange?.(next !== value);
  };

  const change = (next: string | null) => {
    draftRef.current = next;
    setDraft(next);
  };

  return (
    <DateInput
      placeholder="DD-MMM-YYYY"
      leftSection={<IconCalendar size={18} stroke={1.5} />}
      {...rest}
      clearButtonProps={{ 'aria-label': clearLabel, ...rest.clearButtonProps }}
      value={draft}
      valueFormat={DATE_INPUT_FORMAT}
      dateParser={parseTypedDate}
      // The text may be emptied to type anew; blur then commits null (or restores the saved date).
      allowDeselect={false}
      onChange={(next) => change(next ? dayjs(next).format('YYYY-MM-DD') : null)}
      onInput={(event) => onDraftChange?.(event.currentTarget.value.trim() !== savedText)}
      onBlur={(event) => {
        if (event.currentTarget.value.trim() === '') change(allowEmpty ? null : value);
        commit(draftRef.current);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Enter') event.currentTarget.blur();
      }}
      excludeDate={minDate ? (day) => day < minDate : undefined}
      // An empty field opens the calendar on the earliest day offered, not on a month all greyed out.
      defaultDate={value ?? minDate}
      getDayProps={(day) => ({
        onClick: () => {
          change(day);
          commit(day);
        },
      })}
    />
  );
}
