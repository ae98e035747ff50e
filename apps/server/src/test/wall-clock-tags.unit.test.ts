import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The API files whose rules are days and hours in London run again with the process clock shifted
 * (scripts/run-api-at-shifted-clock.mjs), chosen by `// @module-tag wall-clock` in the file. A file
 * is such a file when it names London (a London day, the time zone) or books on a rota's shifts,
 * whose slots are London hours; one that does without the tag would silently skip those runs. Files with other rules
 * of days (UTC days, links that lapse after days) may carry the tag too.
 */
const TAG = /^\/\/ @module-tag wall-clock$/m;
const LONDON_TIME = /london|shiftWithSlots/i;

function untaggedWallClockFile(source: string): boolean {
  return LONDON_TIME.test(source) && !TAG.test(source);
}

const serverSource = path.resolve(import.meta.dirname, '..');

function apiTestFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return apiTestFiles(file);
    return entry.name.endsWith('.test.ts') && !entry.name.endsWith('.unit.test.ts') ? [file] : [];
  });
}

describe('the wall-clock tag', () => {
  it('is required of a file that names London or books on shifts, and of no other', () => {
    expect(untaggedWallClockFile("const day = londonDay(h.clock.now());")).toBe(true);
    expect(untaggedWallClockFile("expect(row.time_zone).toBe('Europe/London');")).toBe(true);
    expect(untaggedWallClockFile('const { slots } = await shiftWithSlots(h, w.practitioner, { hoursAhead: 48 });')).toBe(true);
    expect(untaggedWallClockFile("// @module-tag wall-clock\nconst day = londonDay(h.clock.now());")).toBe(false);
    expect(untaggedWallClockFile("h.clock.advance(60_000);")).toBe(false);
  });

  it('is on every API test file whose rules are London days and hours', () => {
    const files = apiTestFiles(serverSource);
    expect(files.length).toBeGreaterThan(50);
    const untagged = files.filter((file) => untaggedWallClockFile(fs.readFileSync(file, 'utf8'))).map((file) => path.relative(serverSource, file));
    expect(untagged, `add "// @module-tag wall-clock" as the first line of: ${untagged.join(', ')}`).toEqual([]);
  });
});
