import { THEME } from '@vireo/contracts';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

describe('theme', () => {
  it('darkens the primary colour as the identity pages’ hovered button does', () => {
    expect(theme.palette.primary.dark).toBe(rgb(THEME.primaryDark));
  });
});
