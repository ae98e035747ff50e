import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useForm, useWatch, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { ZodType } from 'zod';
import { clearSessionValue, readSessionValue, writeSessionValue } from '../../lib/sessionValue';

/** The search parameter that names the wizard's step, so browser Back and Forward move between steps. */
export const STEP_PARAM = 'step';

export interface WizardStep {
  /** Its name in the URL (`?step=details`). */
  key: string;
  label: string;
  /** The step's answers: Next validates them; a later step opens only once they are valid. */
  schema?: ZodType;
  /** What the answers alone cannot say (a held slot): the step counts as done only when true. */
  done?: boolean;
  /** False while the step has nothing to show (a result not yet answered): a URL naming it leads to the first step. */
  available?: boolean;
}

export interface WizardOptions<V extends FieldValues> {
  /** The key its answers are kept under for the session (sessionStorage), e.g. `health-assessment`. */
  id: string;
  /** The steps, or the steps as the answers so far decide them (a step that only some answers need). */
  steps: readonly WizardStep[] | ((values: V) => readonly WizardStep[]);
  defaultValues: DefaultValues<V>;
  /** While true (a hold is being restored), the URL's step is not checked against the answers yet. */
  waiting?: boolean;
}

export interface Wizard<V extends FieldValues> {
  form: UseFormReturn<V>;
  steps: readonly WizardStep[];
  index: number;
  step: WizardStep;
  /** Validates the step's answers and moves on (a new history entry); false when they are not valid. */
  next: () => Promise<boolean>;
  /** The previous step: browser Back when that is where the visitor came from, else a replaced entry. */
  back: () => void;
  /** Moves to a named step; `replace` for moves the visitor did not ask for (an expired hold). */
  goTo: (key: string, options?: { replace?: boolean }) => void;
  /** Forgets the kept answers (the wizard is done). */
  forget: () => void;
}

interface StepState {
  wizardFrom?: string;
}

const storageKey = (id: string) => `wizard:${id}`;

/** Validates the whole form with one step's schema: the other steps' fields are not its business. */
const stepResolver = (schema: ZodType): Resolver<FieldValues> => zodResolver(schema as ZodType<FieldValues, FieldValues>);

/** How many leading steps are done: the first step not done is as far as the URL may lead. */
function reachable(steps: readonly WizardStep[], values: unknown): number {
  const open = steps.findIndex((step) => step.done === false || (step.schema !== undefined && !step.schema.safeParse(values).success));
  return open === -1 ? steps.length - 1 : open;
}

/**
 * A wizard's state: one react-hook-form form for all steps, validated step by step with each
 * step's zod schema; the step in the URL; the answers kept in sessionStorage, so a reload returns
 * to the same step with the same answers. A URL naming a step whose earlier steps are not done
 * shows the first step not done.
 */
export function useWizard<V extends FieldValues>({ id, steps: stepsFor, defaultValues, waiting = false }: WizardOptions<V>): Wizard<V> {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const stepsRef = useRef<readonly WizardStep[]>([]);
  const indexRef = useRef(0);
  const resolver = useCallback<Resolver<V>>((values, context, options) => {
    const schema = stepsRef.current[indexRef.current]?.schema;
    return schema ? (stepResolver(schema) as Resolver<V>)(values, context, options) : { values, errors: {} };
  }, []);
  const initial = useMemo(() => ({ ...defaultValues, ...(readSessionValue(storageKey(id)) as Partial<V> | undefined) }) as DefaultValues<V>, [id]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useForm<V>({ resolver, mode: 'onTouched', defaultValues: initial });

  useEffect(() => {
    return form.subscribe({ formState: { values: true }, callback: ({ values }) => writeSessionValue(storageKey(id), values) });
  }, [form, id]);

  const values = useWatch({ control: form.control }) as V;
  const steps = typeof stepsFor === 'function' ? stepsFor(values) : stepsFor;
  const named = params.get(STEP_PARAM);
  const asked = steps.findIndex((step) => step.key === named);
  const wanted = asked === -1 || steps[asked]!.available === false ? 0 : asked;
  const index = waiting ? wanted : Math.min(wanted, reachable(steps, values));
  useEffect(() => {
    stepsRef.current = steps;
    indexRef.current = index;
  });

  const goTo = useCallback(
    (key: string, { replace = false }: { replace?: boolean } = {}) => {
      const from = stepsRef.current[indexRef.current]?.key;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(STEP_PARAM, key);
          return next;
        },
        { replace, state: replace ? undefined : ({ wizardFrom: from } satisfies StepState) },
      );
    },
    [setParams],
  );

  // The URL named a step the answers do not reach (or an old one): it names the step shown instead.
  useEffect(() => {
    const shown = steps[index]!.key;
    if (!waiting && named !== null && named !== shown) goTo(shown, { replace: true });
  }, [waiting, named, index, steps, goTo]);

  const next = useCallback(async () => {
    if (!(await form.trigger())) return false;
    const following = stepsRef.current[indexRef.current + 1];
    if (following) goTo(following.key);
    return true;
  }, [form, goTo]);

  const previous = steps[index - 1];
  const cameFrom = (location.state as StepState | null)?.wizardFrom;
  const back = useCallback(() => {
    if (!previous) return;
    if (cameFrom === previous.key) void navigate(-1);
    else goTo(previous.key, { replace: true });
  }, [previous, cameFrom, navigate, goTo]);

  const forget = useCallback(() => clearSessionValue(storageKey(id)), [id]);

  return { form, steps, index, step: steps[index]!, next, back, goTo, forget };
}
