import { type DataUpload, MESSAGES } from '@selvedge/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { uploadVariableData } from '../../api/variable-data';
import { type StubRoutes, stubApi } from '../../test/api';
import { expectErrorMessage, expectSuccessMessage, renderScreen } from '../../test/screen';
import VariableDataUploadPage from '.';

// The upload goes by XMLHttpRequest (its progress), not fetch: the call itself is stubbed here.
vi.mock('../../api/variable-data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/variable-data')>()),
  uploadVariableData: vi.fn(),
}));

afterEach(() => vi.unstubAllGlobals());

const upload = (id: number, fields: Partial<DataUpload> = {}): DataUpload => ({
  id,
  customerId: 5,
  customerName: 'Roots',
  fileName: `roots-${id}.csv`,
  fileSize: 100,
  state: 'finished',
  rowsDone: 10,
  rowsTotal: 10,
  report: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  ...fields,
});

function open(uploads: DataUpload[] = [], routes: StubRoutes = {}) {
  const calls = stubApi({
    'GET /configuration/variable-data-customers': {
      body: { customers: [{ customerId: 5, customerName: 'Roots', parserType: 'DELIMITED_ROOTS' }] },
    },
    'GET /configuration/variable-data-uploads': { body: { uploads } },
    ...routes,
  });
  renderScreen(<VariableDataUploadPage />, { route: '/variable-data-upload', role: 'ADMIN' });
  return calls;
}

async function chooseRoots() {
  const select = screen.getByTestId('upload-customer');
  await waitFor(() => expect(select.getAttribute('placeholder')).toBe('Choose a customer'));
  await userEvent.click(select);
  // The dropdown is still in its opening transition (display: none) in happy-dom.
  await userEvent.click(await screen.findByRole('option', { name: 'Roots', hidden: true }));
}

async function chooseFile() {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
  await userEvent.upload(input, new File(['PO,STYLE\n'], 'roots.csv', { type: 'text/csv' }));
}

describe('the variable data upload screen (master-data §2 Variable data upload, §8; decision 0045)', () => {
  it('says when the user has uploaded nothing yet', async () => {
    open();
    expect((await screen.findByTestId('uploads-empty')).textContent).toBe(
      'You have not uploaded a data file yet.',
    );
  });

  it("lists each upload's state and report", async () => {
    open([
      upload(1, { state: 'processing', rowsDone: 1200, rowsTotal: 5000 }),
      upload(2, {
        state: 'refused',
        report: {
          rowsRead: 0,
          itemsCreated: 0,
          itemsUpdated: 0,
          rowsAdded: 0,
          rowsChanged: 0,
          rowsRemoved: 0,
          rowsRefused: 0,
          refusals: [],
          fileRefusal: 'The file has no header row.',
          seconds: 1,
        },
      }),
    ]);
    expect(
      within(await screen.findByTestId('upload-1')).getByText('Processing 1,200 / 5,000 rows'),
    ).toBeTruthy();
    const refused = screen.getByTestId('upload-2');
    expect(within(refused).getByText('Refused')).toBeTruthy();
    expect(within(refused).getByText('The file has no header row.')).toBeTruthy();
  });

  it('enables Upload once a customer and a file are chosen, names the layout, and uploads them', async () => {
    vi.mocked(uploadVariableData).mockResolvedValue({
      message: MESSAGES.variableDataUploaded,
      upload: upload(3),
    });
    const calls = open();
    const submit = screen.getByTestId('upload-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await chooseRoots();
    expect(screen.getByText('Roots layout, CSV')).toBeTruthy();
    expect(submit.disabled).toBe(true);
    await chooseFile();
    expect(submit.disabled).toBe(false);
    await userEvent.click(submit);
    await expectSuccessMessage(MESSAGES.variableDataUploaded);
    expect(vi.mocked(uploadVariableData).mock.calls[0].slice(0, 2)).toEqual([
      5,
      expect.objectContaining({ name: 'roots.csv' }),
    ]);
    // The list is read again to show the new upload.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/configuration/variable-data-uploads').length).toBeGreaterThan(
        1,
      ),
    );
  });

  it("shows a refused upload's message", async () => {
    vi.mocked(uploadVariableData).mockRejectedValue(new ApiError(400, 'The file is empty.'));
    open();
    await chooseRoots();
    await chooseFile();
    await userEvent.click(screen.getByTestId('upload-submit'));
    await expectErrorMessage('The file is empty.');
  });
});
