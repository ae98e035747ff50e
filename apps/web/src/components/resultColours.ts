/** Result colours of the spec ("pink" and "orange"), dark enough for 4.5:1 contrast on white. */
export const PINK = '#c2185b';
export const ORANGE = '#a04a00';
