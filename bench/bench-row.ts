// One row of the benchmark table (bench/run.ts prints them and writes bench/results.json).
export interface Row {
  name: string;
  rps?: number;
  p50: number;
  p99?: number;
  errors?: number;
  ratio?: number;
  /** server CPU time per request, ms */
  cpuMs?: number;
  target: string;
  met: boolean;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
