import { describe, expect, it } from 'vitest';
import { toggleCondition } from './components/ConditionChecklist';
import { toggleContact } from './components/SymptomChecker';

describe('toggleCondition', () => {
  it('clears the other choices when "None of the above" is ticked, and clears it when another is ticked', () => {
    expect(toggleCondition([1, 3], 8)).toEqual([8]);
    expect(toggleCondition([8], 2)).toEqual([2]);
    expect(toggleCondition([2], 5)).toEqual([2, 5]);
    expect(toggleCondition([2, 5], 2)).toEqual([5]);
  });
});

describe('toggleContact', () => {
  it('keeps No Contact alone and falls back to it when nothing is ticked', () => {
    expect(toggleContact([1], 3)).toEqual([3]);
    expect(toggleContact([3], 2)).toEqual([2, 3]);
    expect(toggleContact([2, 3], 1)).toEqual([1]);
    expect(toggleContact([3], 3)).toEqual([1]);
  });
});
