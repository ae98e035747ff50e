import { zodResolver } from '../../lib/formResolver';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useForm, useWatch, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { ZodType } from 'zod';
import { clearSessionValue, readSessionValue, writeSessionValue } from '../../lib/sessionValue';
import { useWizardSteps, type WizardStep, type WizardSteps } from './useWizardSteps';

export interface WizardOptions<V extends FieldValues> {
  /** The key its answers are kept under for the session (sessionStorage), e.g. `health-assessment`. */
  id: string;
  /** The steps, or the steps as the answers so far decide them (a step that only some answers need). */
  steps: readonly WizardStep[] | ((values: V) => readonly WizardStep[]);
  defaultValues: DefaultValues<V>;
  /** While true (a hold being restored after a reload) the step the URL names is shown as it is. */
  waiting?: boolean;
}

export interface Wizard<V extends FieldValues> extends WizardSteps {
  form: UseFormReturn<V>;
  /** Validates the step's answers and moves on (a new history entry); false when they are not valid. */
  next: () => Promise<boolean>;
  /** Forgets the kept answers (the wizard is done). */
  forget: () => void;
}

const storageKey = (id: string) => `wizard:${id}`;

/** Validates the whole form with one step's schema: the other steps' fields are not its business. */
const stepResolver = (schema: ZodType): Resolver<FieldValues> => zodResolver(schema as ZodType<FieldValues, FieldValues>);

/**
 * A wizard whose answers are a form: one react-hook-form form for all steps, validated step by
 * step with each step's zod schema; the step in the URL (`useWizardSteps`); the answers kept in
 * sessionStorage, so a reload returns to the same step with the same answers.
 */
export function useWizard<V extends FieldValues>({ id, steps: stepsFor, defaultValues, waiting = false }: WizardOptions<V>): Wizard<V> {
  const schemaRef = useRef<ZodType | undefined>(undefined);
  const resolver = useCallback<Resolver<V>>((values, context, options) => {
    const schema = schemaRef.current;
    return schema ? (stepResolver(schema) as Resolver<V>)(values, context, options) : { values, errors: {} };
  }, []);
  const initial = useMemo(() => ({ ...defaultValues, ...(readSessionValue(storageKey(id)) as Partial<V> | undefined) }) as DefaultValues<V>, [id]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useForm<V>({ resolver, mode: 'onTouched', defaultValues: initial });

  useEffect(() => form.subscribe({ formState: { values: true }, callback: ({ values }) => writeSessionValue(storageKey(id), values) }), [form, id]);

  const values = useWatch({ control: form.control }) as V;
  const wizard = useWizardSteps(typeof stepsFor === 'function' ? stepsFor(values) : stepsFor, values, waiting);
  // As the steps' own record (useWizardSteps): current before a click on the step just shown can arrive.
  useLayoutEffect(() => {
    schemaRef.current = wizard.step.schema;
  });

  const { forward } = wizard;
  const next = useCallback(async () => {
    if (!(await form.trigger())) return false;
    forward();
    return true;
  }, [form, forward]);

  const forget = useCallback(() => clearSessionValue(storageKey(id)), [id]);

  return { ...wizard, form, next, forget };
}
