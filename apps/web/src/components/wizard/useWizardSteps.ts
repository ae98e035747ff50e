import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { ZodType } from 'zod';

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

export interface WizardSteps {
  steps: readonly WizardStep[];
  index: number;
  step: WizardStep;
  /** Moves to the next step (a new history entry), without checking anything. */
  forward: () => void;
  /** The previous step: browser Back when that is where the visitor came from, else a replaced entry. */
  back: () => void;
  /** Moves to a named step; `replace` for moves the visitor did not ask for (an expired hold). */
  goTo: (key: string, options?: { replace?: boolean }) => void;
}

interface StepState {
  wizardFrom?: string;
}

/** How many leading steps are done: the first step not done is as far as the URL may lead. */
function reachable(steps: readonly WizardStep[], values: unknown): number {
  const open = steps.findIndex((step) => step.done === false || (step.schema !== undefined && !step.schema.safeParse(values).success));
  return open === -1 ? steps.length - 1 : open;
}

/**
 * A wizard's steps with the current one in the URL (`?step=`), so browser Back and Forward move
 * between steps and a reload stays on the step. A URL naming a step whose earlier steps are not
 * done (by their schema over `values`, or their `done`) shows, and then names, the first step not
 * done; while `waiting` (a hold being restored) the URL is taken as it is.
 */
export function useWizardSteps(steps: readonly WizardStep[], values: unknown, waiting = false): WizardSteps {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const named = params.get(STEP_PARAM);
  const asked = steps.findIndex((step) => step.key === named);
  const wanted = asked === -1 || steps[asked]!.available === false ? 0 : asked;
  const index = waiting ? wanted : Math.min(wanted, reachable(steps, values));
  const current = useRef({ steps, index });
  // Before the browser can deliver a click on the new step's Next: a passive effect runs after paint,
  // and a click in between moved from the step before (to the step already shown, so it was lost).
  useLayoutEffect(() => {
    current.current = { steps, index };
  });

  const goTo = useCallback(
    (key: string, { replace = false }: { replace?: boolean } = {}) => {
      const from = current.current.steps[current.current.index]?.key;
      setParams(
        (now) => {
          const next = new URLSearchParams(now);
          next.set(STEP_PARAM, key);
          return next;
        },
        { replace, state: replace ? undefined : ({ wizardFrom: from } satisfies StepState) },
      );
    },
    [setParams],
  );

  // The URL named a step the answers do not reach (or one gone): it names the step shown instead.
  useEffect(() => {
    const shown = steps[index]!.key;
    if (!waiting && named !== null && named !== shown) goTo(shown, { replace: true });
  }, [waiting, named, index, steps, goTo]);

  const forward = useCallback(() => {
    const following = current.current.steps[current.current.index + 1];
    if (following) goTo(following.key);
  }, [goTo]);

  const previous = steps[index - 1];
  const cameFrom = (location.state as StepState | null)?.wizardFrom;
  const back = useCallback(() => {
    if (!previous) return;
    if (cameFrom === previous.key) void navigate(-1);
    else goTo(previous.key, { replace: true });
  }, [previous, cameFrom, navigate, goTo]);

  return { steps, index, step: steps[index]!, forward, back, goTo };
}
