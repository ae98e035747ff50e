import { describe, expect, it } from 'vitest';
import { readCallData } from './callData';

describe('readCallData', () => {
  it('reads the scan messages', () => {
    expect(readCallData('{"type":"scan.start"}')).toEqual({ type: 'scan.start' });
    expect(readCallData('{"type":"scan.stop"}')).toEqual({ type: 'scan.stop' });
    expect(readCallData('{"type":"scan.found","code":"AB12345"}')).toEqual({ type: 'scan.found', code: 'AB12345' });
  });

  it('ignores anything else', () => {
    expect(readCallData('not json')).toBeNull();
    expect(readCallData('{"type":"scan.found"}')).toBeNull();
    expect(readCallData(`{"type":"scan.found","code":"${'A'.repeat(201)}"}`)).toBeNull();
    expect(readCallData('{"type":"other"}')).toBeNull();
    expect(readCallData(new ArrayBuffer(2))).toBeNull();
  });
});
