import Grid from '@mui/material/Grid';
import { CODE_CHECK_DEBOUNCE_MS, CODE_MSG, codeCheckMessage, repeatedCodes, type CodeFlow } from '@vireo/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../../lib/api';
import { checkPurchaseCode } from '../api';
import { peopleField } from '../schemas';
import { useOrderBookingTexts } from '../texts';
import type { FirstStepProps } from '../types';
import { WizardText } from './fields';

/** The server's word on a code: its id when valid, and the message to show (contracts' `codeCheckMessage` for the form's flow). */
interface CodeCheck {
  id: string | null;
  message: string;
}

/** A code's fault the form finds itself (empty, a prefix the flow does not take), or null. */
export type LocalCodeError = (code: string) => string | null;

/** The code-taking first steps' fields of their schema: people (1 to 4) and a code per person. */
export const peopleCodeShape = () => ({ numberOfPeople: peopleField(), purchaseCode: z.array(z.object({ code: z.string() })) });

/** The codes of the people asked for, '' where none is typed. */
export const codesOf = (values: { numberOfPeople: number; purchaseCode: readonly { code: string }[] }) =>
  Array.from({ length: values.numberOfPeople }, (_, index) => values.purchaseCode[index]?.code ?? '');

/** Puts each code's fault (`codeError`) on its field, then "Codes can't be same for different people" on every repeat. */
export function addCodeIssues(ctx: z.RefinementCtx, codes: readonly string[], codeError: LocalCodeError) {
  codes.forEach((code, index) => {
    const problem = codeError(code);
    if (problem) ctx.addIssue({ code: 'custom', path: ['purchaseCode', index, 'code'], message: problem });
  });
  for (const index of repeatedCodes(codes)) ctx.addIssue({ code: 'custom', path: ['purchaseCode', index, 'code'], message: CODE_MSG.repeated });
}

/** Checks `code` with the server 300 ms after the last keystroke (spec 2 §5), once `localError` finds no fault in it, worded for `flow`; null until then. */
function useCodeCheck(code: string, localError: LocalCodeError, flow: CodeFlow): CodeCheck | null {
  const [check, setCheck] = useState<{ code: string; result: CodeCheck } | null>(null);
  const faulty = localError(code) !== null;
  useEffect(() => {
    if (faulty) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkPurchaseCode(code, controller.signal).then(
        (info) => setCheck({ code, result: { id: info.uses > 0 ? info.id : null, message: codeCheckMessage(info, flow) } }),
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 400) setCheck({ code, result: { id: null, message: codeCheckMessage(null, flow) } });
        },
      );
    }, CODE_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [code, faulty, flow]);
  return check && check.code === code ? check.result : null;
}

/** Person `index`'s code, upper-cased as typed, with the server's word on it below. */
function CodeField({
  form,
  index,
  onChecked,
  localError,
  flow,
}: Pick<FirstStepProps, 'form'> & { index: number; onChecked: (index: number, check: CodeCheck | null) => void; localError: LocalCodeError; flow: CodeFlow }) {
  const { t, messageText } = useOrderBookingTexts();
  const code = useWatch({ control: form.control, name: `purchaseCode.${index}.code` }) ?? '';
  const check = useCodeCheck(code, localError, flow);
  useEffect(() => onChecked(index, check), [index, check, onChecked]);
  // Next's message stands until the code is changed; then the server's check speaks.
  const { clearErrors } = form;
  useEffect(() => clearErrors(`purchaseCode.${index}.code`), [code, index, clearErrors]);
  return (
    <WizardText
      control={form.control}
      name={`purchaseCode.${index}.code`}
      label={t('purchaseCode.code', { person: index + 1 })}
      required
      autoComplete="off"
      toValue={(typed) => typed.toUpperCase()}
      color={check?.message === CODE_MSG.valid ? 'success' : 'primary'}
      helperText={check ? messageText(check.message) : ' '}
      slotProps={{ htmlInput: { maxLength: 40 } }}
    />
  );
}

/** The people typed (1 to 4 shown), the server's checks of their codes, and Next's refusal of a code the server did not find valid. */
export function useCodeChecks(form: FirstStepProps['form']) {
  const typedPeople = useWatch({ control: form.control, name: 'numberOfPeople' });
  const people = Math.min(Math.max(Math.trunc(Number(typedPeople)) || 1, 1), 4);
  const [checks, setChecks] = useState<readonly (CodeCheck | null)[]>([]);
  const onChecked = useCallback((index: number, check: CodeCheck | null) => {
    setChecks((current) => {
      if (current[index] === check) return current;
      const next = [...current];
      next[index] = check;
      return next;
    });
  }, []);
  /** Marks each code the server answered other than 'Valid purchase code'; true when none. */
  const allValid = () => {
    let refused = false;
    for (let index = 0; index < people; index++) {
      const check = checks[index];
      if (!check || check.message === CODE_MSG.valid) continue;
      form.setError(`purchaseCode.${index}.code`, { message: check.message });
      refused = true;
    }
    return !refused;
  };
  return { people, onChecked, allValid };
}

/**
 * 'Number of people' and a code per person (the pharmacy's 'Purchase Code', a partner's 'Number of
 * travellers'): `checks` is the step's `useCodeChecks`, whose `allValid` its Next asks; the server is
 * asked about a code only once `localError` finds no fault in it. `flow` words the server's answer: a
 * code with no use left is 'Your code is expired' on the pharmacy form (spec 2 §5) and 'Your code is
 * invalid' on the partner and customer-services forms (spec 3 §7).
 */
export function PeopleCodeFields({
  form,
  checks,
  localError,
  flow,
}: Pick<FirstStepProps, 'form'> & { checks: ReturnType<typeof useCodeChecks>; localError: LocalCodeError; flow: CodeFlow }) {
  const { t } = useOrderBookingTexts();
  return (
    <>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <WizardText control={form.control} name="numberOfPeople" label={t('selectTest.people')} type="number" required slotProps={{ htmlInput: { min: 1, max: 4, step: 1 } }} />
        </Grid>
      </Grid>
      <Grid container spacing={2}>
        {Array.from({ length: checks.people }, (_, index) => (
          <Grid key={index} size={{ xs: 12, sm: 6 }}>
            <CodeField form={form} index={index} onChecked={checks.onChecked} localError={localError} flow={flow} />
          </Grid>
        ))}
      </Grid>
    </>
  );
}
