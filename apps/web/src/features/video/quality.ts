/** The connection quality shown during a call, from the peer connection's statistics. */
export type CallQuality = 'good' | 'fair' | 'poor' | 'unknown';

export interface StatsSample {
  /** Seconds, from the selected candidate pair. */
  roundTripTime: number | null;
  packetsReceived: number;
  packetsLost: number;
}

/** Reads one sample from `RTCPeerConnection.getStats()`'s report. */
export function sampleOf(report: RTCStatsReport): StatsSample {
  let roundTripTime: number | null = null;
  let packetsReceived = 0;
  let packetsLost = 0;
  report.forEach((stat: Record<string, unknown>) => {
    if (stat.type === 'candidate-pair' && stat.state === 'succeeded' && stat.nominated && typeof stat.currentRoundTripTime === 'number') {
      roundTripTime = stat.currentRoundTripTime;
    }
    if (stat.type === 'inbound-rtp') {
      packetsReceived += typeof stat.packetsReceived === 'number' ? stat.packetsReceived : 0;
      packetsLost += typeof stat.packetsLost === 'number' ? stat.packetsLost : 0;
    }
  });
  return { roundTripTime, packetsReceived, packetsLost };
}

/** Quality between two samples: round trip under 300 ms and under 2 % loss is good; under 600 ms and 8 % fair. */
export function qualityBetween(previous: StatsSample | null, current: StatsSample): CallQuality {
  if (current.roundTripTime === null) return 'unknown';
  const received = current.packetsReceived - (previous?.packetsReceived ?? 0);
  const lost = Math.max(0, current.packetsLost - (previous?.packetsLost ?? 0));
  const loss = received + lost > 0 ? lost / (received + lost) : received === 0 && previous ? 1 : 0;
  if (current.roundTripTime < 0.3 && loss < 0.02) return 'good';
  if (current.roundTripTime < 0.6 && loss < 0.08) return 'fair';
  return 'poor';
}
