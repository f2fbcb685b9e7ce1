/** The current time in milliseconds. The session code reads it through this, so tests can move it. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

export const isoAt = (ms: number): string => new Date(ms).toISOString();
