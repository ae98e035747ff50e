import { describe, expect, it } from 'vitest';
import { serviceName } from './serviceNames';

describe('service names', () => {
  const services = [{ service: 'video_gp_vireo', label: 'Vireo video-guided antigen test' }];

  it('shows a service by its product name', () => {
    expect(serviceName(services, 'video_gp_vireo')).toBe('Vireo video-guided antigen test');
  });

  it('shows an unknown code in words, never raw', () => {
    expect(serviceName(services, 'VIDEO_GP_TUI')).toBe('Video gp tui');
    expect(serviceName(undefined, 'self_swab')).toBe('Self swab');
  });
});
