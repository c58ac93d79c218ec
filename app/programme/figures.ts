// The programme's percentages derived from the work (decision 059): each figure starts where the
// programme file says and moves with what it measures, towards 0 or 100 in proportion; whole percent.

/**
 * A figure that starts at `start` while what it follows stands at `measuredAtStart`, now that it
 * stands at `measured` (all percent): at 100 it is 100, at 0 it is 0, and in between each side of
 * the start is a straight line through it.
 */
export function followingFigure(start: number, measuredAtStart: number, measured: number): number {
  if (measured >= measuredAtStart) {
    if (measuredAtStart >= 100) return start;
    return Math.round(
      start + ((100 - start) * (measured - measuredAtStart)) / (100 - measuredAtStart),
    );
  }
  return Math.round((start * measured) / measuredAtStart);
}

/** The share (percent, unrounded) of `done` among `total`; 0 for none at all. */
export function share(done: number, total: number): number {
  return total === 0 ? 0 : (100 * done) / total;
}

/** The mean of `values` weighted by `weights` (same order); 0 for no weight at all. */
export function weightedMean(values: number[], weights: number[]): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return 0;
  return values.reduce((sum, value, index) => sum + value * (weights[index] ?? 0), 0) / total;
}
