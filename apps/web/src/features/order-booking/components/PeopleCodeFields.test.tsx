// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CODE_CHECK_DEBOUNCE_MS, CODE_MSG, pharmacyCodeError, type CodeFlow } from '@vireo/contracts';
import { Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../app/i18n';
import { BookingLanguageContext, type BookingLanguage } from '../../booking';
import type { OrderBookingValues } from '../types';
import { PeopleCodeFields, useCodeChecks, type LocalCodeError } from './PeopleCodeFields';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server's answer to GET /purchase-code/{value}: `uses` left for every code. */
function serverAnswers(uses: number) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const value = decodeURIComponent(String(input).split('/').pop()!);
    return new Response(JSON.stringify({ success: true, data: { id: '00000000-0000-4000-8000-000000000001', value, uses }, error: null }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Step({ localError, flow }: { localError: LocalCodeError; flow: CodeFlow }) {
  const form = useForm<OrderBookingValues>({ defaultValues: { numberOfPeople: '1', purchaseCode: [] } });
  const checks = useCodeChecks(form);
  const [answer, setAnswer] = useState('');
  return (
    <>
      <PeopleCodeFields form={form} checks={checks} localError={localError} flow={flow} />
      <button onClick={() => setAnswer(String(checks.allValid()))}>Next</button>
      <output>{answer}</output>
    </>
  );
}

function renderStep(language: BookingLanguage = 'EN', flow: CodeFlow = 'pharmacy', localError: LocalCodeError = pharmacyCodeError) {
  render(
    <BookingLanguageContext.Provider value={language}>
      <Suspense fallback={null}>
        <Step localError={localError} flow={flow} />
      </Suspense>
    </BookingLanguageContext.Provider>,
  );
}

const input = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
/** The code fields' labels, without the required marker. */
const codeLabels = () => screen.queryAllByLabelText(/^Code for person/).map((field) => (field as HTMLInputElement).labels?.[0]?.firstChild?.textContent);

/** Presses Next until the step has heard the server's check (its field shows it a moment before), expecting `answer` of `allValid`. */
const pressNext = (answer: string) =>
  waitFor(() => {
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('status').textContent).toBe(answer);
  });

describe('PeopleCodeFields', () => {
  it('shows a required code field per person, 1 to 4, each upper-cased as typed', async () => {
    serverAnswers(1);
    renderStep();
    const people = await screen.findByLabelText('Number of people', { exact: false }) as HTMLInputElement;
    expect([people.type, people.required, people.min, people.max, people.step]).toEqual(['number', true, '1', '4', '1']);
    expect(codeLabels()).toEqual(['Code for person 1']);
    fireEvent.change(people, { target: { value: '3' } });
    expect(codeLabels()).toEqual(['Code for person 1', 'Code for person 2', 'Code for person 3']);
    fireEvent.change(people, { target: { value: '9' } });
    expect(codeLabels()).toHaveLength(4);
    fireEvent.change(people, { target: { value: '' } });
    expect(codeLabels()).toHaveLength(1);
    const code = input('Code for person 1');
    expect([code.required, code.autocomplete, code.maxLength]).toEqual([true, 'off', 40]);
    fireEvent.change(code, { target: { value: 'ant1234' } });
    expect(code.value).toBe('ANT1234');
  });

  it("asks the server about a code without a fault of its own, shows the pharmacy's word (spec 2 §5), and Next refuses a code it did not call valid", async () => {
    const fetchMock = serverAnswers(0);
    renderStep();
    const code = await screen.findByLabelText('Code for person 1', { exact: false });
    fireEvent.change(code, { target: { value: 'xyz1' } });
    await new Promise((resolve) => setTimeout(resolve, CODE_CHECK_DEBOUNCE_MS + 100));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(code, { target: { value: 'ant1' } });
    expect(await screen.findByText(CODE_MSG.expired)).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/commerce/v1/purchase-code/ANT1']);
    await pressNext('false');
    expect(code.getAttribute('aria-invalid')).toBe('true');
  });

  it("says 'Your code is invalid' for a code with no use left on the partner and customer-services forms (spec 3 §7)", async () => {
    serverAnswers(0);
    renderStep('EN', 'partner', () => null);
    fireEvent.change(await screen.findByLabelText('Code for person 1', { exact: false }), { target: { value: 'F2FAW1' } });
    expect(await screen.findByText(CODE_MSG.invalid)).toBeTruthy();
    expect(screen.queryByText(CODE_MSG.expired)).toBeNull();
    await pressNext('false');
  });

  it('lets Next on when the server calls every code valid', async () => {
    serverAnswers(2);
    renderStep();
    fireEvent.change(await screen.findByLabelText('Code for person 1', { exact: false }), { target: { value: 'ANT1' } });
    expect(await screen.findByText(CODE_MSG.valid)).toBeTruthy();
    await pressNext('true');
  });

  it("speaks the booking's language", async () => {
    serverAnswers(2);
    renderStep('DE');
    expect(await screen.findByLabelText('Anzahl der Personen', { exact: false })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Code für Person 1', { exact: false }), { target: { value: 'ANT1' } });
    await waitFor(() => expect(screen.getByText('Gültiger Kaufcode')).toBeTruthy());
  });
});
