import { type CareLabelDraft, type CustomerCareConfig, emptyCareLabel, MESSAGES } from '@selvedge/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { customerCareConfig } from '../../test/answers';
import { renderWithProviders } from '../../test/render';
import { CareLabelEditor } from './CareLabelEditor';

/** The editor holding its draft as product details does; the draft is shown for the test to read. */
function Editor({
  config,
  initial,
  checked,
}: {
  config: CustomerCareConfig;
  initial: CareLabelDraft;
  checked: boolean;
}) {
  const [label, setLabel] = useState(initial);
  return (
    <>
      <CareLabelEditor
        type={initial.type}
        config={config}
        label={label}
        onChange={setLabel}
        checked={checked}
      />
      <output data-testid="draft">{JSON.stringify(label)}</output>
    </>
  );
}

function open({
  config = customerCareConfig(),
  initial = emptyCareLabel('CARELABEL_STANDARD'),
  checked = false,
}: {
  config?: CustomerCareConfig;
  initial?: CareLabelDraft;
  checked?: boolean;
} = {}) {
  renderWithProviders(<Editor config={config} initial={initial} checked={checked} />);
}

const draft = () => JSON.parse(screen.getByTestId('draft').textContent ?? '{}') as CareLabelDraft;
const invalid = (testId: string) =>
  screen.getByTestId(testId).closest('.mantine-InputWrapper-root')?.querySelector('[aria-invalid="true"]') ??
  (screen.getByTestId(testId).getAttribute('aria-invalid') === 'true' ? screen.getByTestId(testId) : null);

/** Chooses `option` in the select named `name` (Mantine's combobox). */
async function choose(name: string, option: string) {
  await userEvent.click(screen.getByLabelText(name));
  // The dropdown is still in its opening transition (display: none) in happy-dom.
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

/** The options the select named `name` offers, opened and closed again. */
async function offered(name: string): Promise<string[]> {
  const before = document.querySelectorAll('[role=listbox]').length;
  await userEvent.click(screen.getByLabelText(name));
  // The select's list is the one its opening adds to the page.
  const listbox = await waitFor(() => {
    const lists = document.querySelectorAll('[role=listbox]');
    expect(lists.length).toBe(before + 1);
    return lists[lists.length - 1] as HTMLElement;
  });
  const names = within(listbox)
    .getAllByRole('option', { hidden: true })
    .map((o) => o.textContent ?? '');
  await userEvent.keyboard('{Escape}');
  return names;
}

describe('the care label editor (ordering §3 Care label, §5)', () => {
  it("shows the customer's sections: fabric, copyright and special instructions only where its configuration has them", () => {
    open();
    expect(screen.getByTestId('care-fabric')).toBeTruthy();
    expect(screen.getByTestId('care-copyright')).toBeTruthy();
    expect(screen.getByText(MESSAGES.specialInstructionsLimit(2))).toBeTruthy();
  });

  it('hides what the configuration turns off', () => {
    open({
      config: customerCareConfig({
        fabricCompositionShow: false,
        copyrightShow: false,
        specialInstructionsLimit: 0,
      }),
    });
    expect(screen.queryByTestId('care-fabric')).toBeNull();
    expect(screen.queryByTestId('care-copyright')).toBeNull();
    expect(screen.queryByText(MESSAGES.specialInstructionsLimit(2))).toBeNull();
  });

  it('flags nothing before the user tried to add the line', () => {
    open();
    expect(invalid('care-country')).toBeNull();
    expect(screen.queryByText(MESSAGES.materialPercentages)).toBeNull();
  });

  it('after a try, marks the required fields that are empty', () => {
    open({ checked: true });
    expect(invalid('care-country')).not.toBeNull();
    expect(invalid('care-wash')).not.toBeNull();
  });

  it('adds a component and its materials; a component not totalling 100 % is flagged at once, and after a try with the spec text', async () => {
    open({ checked: true });
    await choose('Add a garment component', 'Shell');
    expect((draft().garmentComponents ?? []).map((c) => c.componentType)).toEqual(['Shell']);
    const shell = screen.getByTestId('care-component');
    await choose('Shell material 1', 'Cotton');
    await userEvent.type(within(shell).getByLabelText('Shell percentage 1'), '60');
    expect(within(shell).getByTestId('care-component-total').textContent).toBe('Total 60%');
    expect(shell.getAttribute('data-flagged')).toBe('true');
    expect(screen.getByTestId('care-percentages-message').textContent).toBe(MESSAGES.materialPercentages);

    await userEvent.click(within(shell).getByTestId('care-add-material'));
    await choose('Shell material 2', 'Polyester');
    await userEvent.type(within(shell).getByLabelText('Shell percentage 2'), '40');
    await waitFor(() => expect(shell.getAttribute('data-flagged')).toBe('false'));
    expect(screen.queryByTestId('care-percentages-message')).toBeNull();
    expect(draft().garmentComponents?.[0]?.fabricCompositions).toEqual([
      { material: 'Cotton', percentage: 60 },
      { material: 'Polyester', percentage: 40 },
    ]);
  });

  it('offers a material once per component and a component type once, and removes a material', async () => {
    open();
    await choose('Add a garment component', 'Shell');
    await choose('Shell material 1', 'Cotton');
    await userEvent.click(screen.getByTestId('care-add-material'));
    expect(await offered('Shell material 2')).toEqual(['Polyester', 'Elastane', 'Wool']);
    expect(await offered('Add a garment component')).toEqual(['Lining']);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Cotton from Shell' }));
    expect(draft().garmentComponents?.[0]?.fabricCompositions).toHaveLength(1);
  });

  it('flags a component as soon as it has a percentage that does not total 100, the message waiting for a try', async () => {
    open();
    await choose('Add a garment component', 'Shell');
    expect(screen.getByTestId('care-component').getAttribute('data-flagged')).toBe('false');
    await userEvent.type(screen.getByLabelText('Shell percentage 1'), '60');
    expect(screen.getByTestId('care-component').getAttribute('data-flagged')).toBe('true');
    expect(screen.queryByTestId('care-percentages-message')).toBeNull();
  });

  it('takes the percentage as digits only, at most 100', async () => {
    open();
    await choose('Add a garment component', 'Shell');
    await userEvent.type(screen.getByLabelText('Shell percentage 1'), '1a50');
    expect(draft().garmentComponents?.[0]?.fabricCompositions[0]?.percentage).toBe(100);
  });
});
