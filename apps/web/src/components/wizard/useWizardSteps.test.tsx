// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { useLayoutEffect, useRef } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useWizardSteps } from './useWizardSteps';

afterEach(cleanup);

const STEPS = [
  { key: 'one', label: 'One' },
  { key: 'two', label: 'Two' },
  { key: 'three', label: 'Three' },
];

/**
 * Moves on from 'one', then from 'two' the moment it is on screen: as a click does that arrives
 * after the new step is painted and before React's passive effects have run (a loaded machine).
 */
function Steps() {
  const wizard = useWizardSteps(STEPS, {});
  const movedFromTwo = useRef(false);
  useLayoutEffect(() => {
    if (wizard.step.key === 'two' && !movedFromTwo.current) {
      movedFromTwo.current = true;
      wizard.forward();
    }
  });
  return (
    <>
      <p>Step {wizard.step.label}</p>
      <button onClick={wizard.forward}>Next</button>
    </>
  );
}

describe('useWizardSteps', () => {
  it('a Next on a step just shown moves from that step', async () => {
    const router = createMemoryRouter([{ path: '/wizard', element: <Steps /> }], { initialEntries: ['/wizard?step=one'] });
    render(<RouterProvider router={router} />);
    screen.getByRole('button', { name: 'Next' }).click();
    expect(await screen.findByText('Step Three')).toBeTruthy();
    expect(router.state.location.search).toBe('?step=three');
  });
});
