// The budgets the bench reports against (tests/load/lib/report.ts prints them with PASS or OVER).

/** DESIGN.md §9. */
export const BUDGETS = {
  /** Move to broadcast inside a room on local workerd, over ≥ 1,000 moves. */
  roomP50Ms: 5,
  roomP99Ms: 25,
  roomMoves: 1000,
  /** The room's targets (DESIGN.md §9 is raised to them once met): p50 within this of the platform floor measured in the same run. */
  floorRatio: 1.5,
  roomP99TargetMs: 12,
  /** Bytes all four sockets receive per move, on average; the full state a socket gets first. */
  moveBytes: 3 * 1024,
  fullStateBytes: 6 * 1024,
  /** 500 rooms × 4 sockets concurrently, no error. */
  loadRooms: 500,
  loadP95Ms: 50,
  loadP95TargetMs: 25,
  saturationMovesPerS: 1000,
  landingCriticalBytes: 170 * 1024,
  landingJsBytes: 100 * 1024,
  gameJsBytes: 170 * 1024,
  /** Above DESIGN.md §9's Lighthouse floor (Performance ≥ 90, Accessibility ≥ 95); every page, mobile. */
  lighthousePerformance: 95,
  /** A finished game's replay page on the simulated phone, and the second opinion on its every decision on one core. */
  replayFirstRenderMs: 1000,
  replayLighthousePerformance: 90,
  replayAnalysisS: 10,
} as const;
