export * from './types';
export { compareCards, manilhaRank, envidoPoints } from './cards';
export {
  createMatch,
  legalActions,
  applyAction,
  startNextHand,
  pendingPlayer,
  timeoutAction,
  handSeed,
  seedCommitment,
  shuffledDeck,
} from './engine';
export { viewFor } from './view';
export type { PlayerView } from './view';
