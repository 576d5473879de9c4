import * as z from "zod/mini";
import type { Action, GameEvent, PlayerView, ResolvedRules, Variant } from "../truco/index";
import { VARIANTS } from "../truco/variant-list";

// zod/mini schemas of the engine's public JSON as it travels in frames: actions, views and
// events (game/truco/types.ts and view.ts). The engine stays zod-free; these schemas describe its
// types from outside, and the compile-time checks at the end of this file fail `tsc` as soon as
// one side changes without the other. Objects strip keys they do not know (a client a deploy
// behind keeps working); the room's Worker test checks that nothing is ever stripped from what the
// room really sends (tests/workers/room-frames.test.ts).

export const VariantSchema = z.enum(VARIANTS);
export const TeamIdSchema = z.enum(["team1", "team2"]);
export const TrucoCallSchema = z.enum(["truco", "seis", "nove", "doze", "oito", "dez", "retruco", "vale_cuatro", "vale_quatro"]);
export const EnvidoCallSchema = z.enum(["envido", "real_envido", "falta_envido"]);
export const FlorCallSchema = z.enum(["flor", "contraflor", "contraflor_al_resto", "achico"]);
export const AnswerSchema = z.enum(["accept", "reject"]);
export const MaoAnswerSchema = z.enum(["play", "run"]);
const RankSchema = z.enum(["A", "2", "3", "4", "5", "6", "7", "Q", "J", "K"]);
const SuitSchema = z.enum(["hearts", "diamonds", "clubs", "spades"]);
const Count = z.number();
const PlayerId = z.string();

// ---------------------------------------------------------------- actions

/** An action as the view lists it (`legalActions`): the type and its fields, flat. */
export const ActionSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("play_card"), cardId: z.string(), faceDown: z.optional(z.boolean()) }),
  z.object({ type: z.literal("call_truco"), call: TrucoCallSchema }),
  z.object({ type: z.literal("respond_truco"), response: AnswerSchema }),
  z.object({ type: z.literal("respond_mao"), response: MaoAnswerSchema }),
  z.object({ type: z.literal("call_envido"), call: EnvidoCallSchema }),
  z.object({ type: z.literal("respond_envido"), response: AnswerSchema }),
  z.object({ type: z.literal("call_flor"), call: FlorCallSchema }),
  z.object({ type: z.literal("respond_flor"), response: AnswerSchema }),
  z.object({ type: z.literal("go_to_mazo") }),
]);

// ---------------------------------------------------------------- cards

export const CardSchema = z.object({ id: z.string(), suit: SuitSchema, rank: RankSchema });
/** One of the viewer's own cards in a blind mão de ferro. */
const BlindCardSchema = z.object({ hidden: z.literal(true), blindId: z.string() });
/** Another player's card: exactly `{ hidden: true }`. */
const HiddenCardSchema = z.strictObject({ hidden: z.literal(true) });
/** A face-up card or a hidden one; a hidden card with anything beside `hidden` is refused. */
const SeenCardSchema = z.union([CardSchema, HiddenCardSchema]);
/** Most specific first: a union takes the first that fits, and stripping must never turn a blind card into a hidden one. */
const HandCardSchema = z.union([CardSchema, BlindCardSchema, HiddenCardSchema]);

// ---------------------------------------------------------------- views

const ResolvedRulesSchema = z.object({
  targetPoints: Count,
  halfTarget: z.nullable(Count),
  deck: z.enum(["sujo", "limpo"]),
  raiseCap: z.boolean(),
  manilhaMode: z.enum(["nova", "velha", "spanish"]),
  mineiroScoring: z.enum(["platform", "pagat", "short"]),
  responseRule: z.enum(["first_answer_binds", "both_must_refuse"]),
  tieLeader: z.enum(["tied_trick_leader", "first_tying_card", "last_tying_card", "mano"]),
  allTiedHand: z.enum(["void", "mano_wins", "dealer_wins", "redeal"]),
  coveredCards: z.enum(["off", "rounds_2_3", "one_per_team", "not_after_tie"]),
  mustPlayHighestAfterTie: z.boolean(),
  maoDeOnze: z.boolean(),
  maoDeFerro: z.enum(["blind", "open"]),
  envido: z.boolean(),
  flor: z.boolean(),
  florValues: z.object({ flor: Count, contest: Count, achico: Count }),
  faltaEnvido: z.enum(["classic", "malas_buenas", "match_from_malas"]),
  foldFirstTrickNoEnvido: z.enum(["truco_value", "two_points"]),
  endImmediately: z.boolean(),
  mazo: z.boolean(),
  ladder: z.object({ values: z.array(Count), names: z.array(z.nullable(TrucoCallSchema)) }),
});

const GamePhaseSchema = z.enum([
  "playing",
  "waiting_truco_response",
  "waiting_mao_decision",
  "waiting_envido_response",
  "waiting_flor_response",
  "round_end",
  "game_over",
]);
const HandEndReasonSchema = z.enum(["tricks", "truco_rejected", "mao_run", "mazo", "all_tied", "match_over"]);
const SpecialHandSchema = z.nullable(z.enum(["mao_de_onze", "mao_de_dez", "mao_de_ferro"]));
const FlorOutcomeSchema = z.enum(["uncontested", "contest", "achico", "accepted", "rejected"]);
const ShownSchema = z.array(z.object({ playerId: PlayerId, points: Count }));

const ViewPlaySchema = z.object({ card: SeenCardSchema, playerId: PlayerId, faceDown: z.boolean() });

const ViewTrickSchema = z.object({
  number: Count,
  leader: PlayerId,
  cards: z.array(ViewPlaySchema),
  finished: z.boolean(),
  winnerTeam: z.nullable(TeamIdSchema),
  winnerPlayerId: z.nullable(PlayerId),
  tie: z.boolean(),
});

const ViewPlayerSchema = z.object({
  id: PlayerId,
  nickname: z.nullable(z.string()),
  team: TeamIdSchema,
  seat: Count,
  hand: z.array(HandCardSchema),
  cardCount: Count,
  isDealer: z.boolean(),
  isMao: z.boolean(),
});

export const PlayerViewSchema = z.object({
  variant: VariantSchema,
  rules: ResolvedRulesSchema,
  me: z.nullable(PlayerId),
  myTeam: z.nullable(TeamIdSchema),
  seats: z.array(PlayerId),
  players: z.record(z.string(), ViewPlayerSchema),
  handNumber: Count,
  currentRound: Count,
  currentTrick: Count,
  actionCount: Count,
  gamePhase: GamePhaseSchema,
  currentPlayer: z.nullable(PlayerId),
  pendingDecision: z.nullable(
    z.object({
      playerId: PlayerId,
      kind: z.enum(["play", "truco_response", "mao_decision", "envido_response", "flor_response", "flor_declaration"]),
    }),
  ),
  legalActions: z.array(ActionSchema),
  dealer: PlayerId,
  mao: PlayerId,
  team1Score: Count,
  team2Score: Count,
  targetScore: Count,
  roundPoints: Count,
  trucoCall: z.nullable(TrucoCallSchema),
  stake: z.object({
    level: Count,
    value: Count,
    lastRaiserTeam: z.nullable(TeamIdSchema),
    nextCall: z.nullable(TrucoCallSchema),
    nextValue: z.nullable(Count),
    pending: z.nullable(
      z.object({
        call: TrucoCallSchema,
        level: Count,
        value: Count,
        runValue: Count,
        by: PlayerId,
        team: TeamIdSchema,
        responder: PlayerId,
        refusedBy: z.array(PlayerId),
      }),
    ),
  }),
  vira: z.nullable(CardSchema),
  manilha: z.nullable(RankSchema),
  roundCards: z.array(ViewPlaySchema),
  tricks: z.array(ViewTrickSchema),
  trickResults: z.array(z.enum(["team1", "team2", "tie"])),
  specialHand: SpecialHandSchema,
  specialTeam: z.nullable(TeamIdSchema),
  blind: z.boolean(),
  envido: z.nullable(
    z.object({
      calls: z.array(EnvidoCallSchema),
      caller: PlayerId,
      callerTeam: TeamIdSchema,
      responder: z.nullable(PlayerId),
      status: z.enum(["pending", "accepted", "rejected", "cancelled"]),
      acceptValue: z.nullable(Count),
      rejectValue: Count,
      winnerTeam: z.nullable(TeamIdSchema),
      points: Count,
      shown: ShownSchema,
    }),
  ),
  flor: z.nullable(
    z.object({
      declared: z.array(PlayerId),
      contest: z.nullable(z.object({ calls: z.array(FlorCallSchema), caller: PlayerId, responder: z.nullable(PlayerId) })),
      resolved: z.boolean(),
      winnerTeam: z.nullable(TeamIdSchema),
      points: Count,
      outcome: z.nullable(FlorOutcomeSchema),
      shown: ShownSchema,
    }),
  ),
  myEnvido: z.nullable(Count),
  myFlor: z.boolean(),
  lastHand: z.nullable(z.object({ winnerTeam: z.nullable(TeamIdSchema), points: Count, reason: HandEndReasonSchema })),
  handCommitment: z.string(),
  revealedSeed: z.nullable(z.string()),
  fixedDeal: z.boolean(),
  winnerTeam: z.nullable(TeamIdSchema),
});

// ---------------------------------------------------------------- events

export const TrucoCalledSchema = z.object({
  type: z.literal("truco_called"),
  call: TrucoCallSchema,
  by: PlayerId,
  team: TeamIdSchema,
  stake: Count,
  runValue: Count,
  responder: PlayerId,
});

export const TrucoRespondedSchema = z.object({
  type: z.literal("truco_responded"),
  response: AnswerSchema,
  by: PlayerId,
  call: TrucoCallSchema,
  byRaise: z.boolean(),
  passedTo: z.nullable(PlayerId),
});

export const GameEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("hand_started"),
    handNumber: Count,
    dealer: PlayerId,
    mao: PlayerId,
    commitment: z.string(),
    vira: z.nullable(CardSchema),
    specialHand: SpecialHandSchema,
  }),
  z.object({ type: z.literal("card_played"), playerId: PlayerId, card: SeenCardSchema, faceDown: z.boolean(), trick: Count }),
  z.object({
    type: z.literal("trick_ended"),
    trick: Count,
    winnerTeam: z.nullable(TeamIdSchema),
    winnerPlayerId: z.nullable(PlayerId),
    tie: z.boolean(),
    nextLeader: z.nullable(PlayerId),
  }),
  TrucoCalledSchema,
  TrucoRespondedSchema,
  z.object({ type: z.literal("mao_decided"), response: MaoAnswerSchema, by: PlayerId, team: TeamIdSchema }),
  z.object({
    type: z.literal("envido_called"),
    call: EnvidoCallSchema,
    by: PlayerId,
    team: TeamIdSchema,
    acceptValue: z.nullable(Count),
    rejectValue: Count,
    responder: PlayerId,
  }),
  z.object({ type: z.literal("envido_responded"), response: AnswerSchema, by: PlayerId }),
  z.object({ type: z.literal("envido_resolved"), accepted: z.boolean(), winnerTeam: TeamIdSchema, points: Count, shown: ShownSchema }),
  z.object({ type: z.literal("envido_cancelled"), reason: z.literal("flor") }),
  z.object({ type: z.literal("flor_declared"), by: PlayerId, call: FlorCallSchema, auto: z.boolean() }),
  z.object({ type: z.literal("flor_responded"), response: AnswerSchema, by: PlayerId }),
  z.object({ type: z.literal("flor_resolved"), winnerTeam: TeamIdSchema, points: Count, outcome: FlorOutcomeSchema, shown: ShownSchema }),
  z.object({ type: z.literal("went_to_mazo"), by: PlayerId, team: TeamIdSchema }),
  z.object({
    type: z.literal("hand_ended"),
    handNumber: Count,
    winnerTeam: z.nullable(TeamIdSchema),
    points: Count,
    reason: HandEndReasonSchema,
    team1Score: Count,
    team2Score: Count,
    seed: z.string(),
  }),
  z.object({ type: z.literal("match_ended"), winnerTeam: TeamIdSchema, team1Score: Count, team2Score: Count }),
]);

// ---------------------------------------------------------------- the engine's types, checked

/** True when the two types are identical (an extra optional field counts): the schema describes exactly the engine's JSON. */
export type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export type Holds<T extends true> = T;

export type EngineSchemasMatch = [
  Holds<Same<z.infer<typeof VariantSchema>, Variant>>,
  Holds<Same<z.infer<typeof ActionSchema>, Action>>,
  Holds<Same<z.infer<typeof ResolvedRulesSchema>, ResolvedRules>>,
  Holds<Same<z.infer<typeof PlayerViewSchema>, PlayerView>>,
  Holds<Same<z.infer<typeof GameEventSchema>, GameEvent>>,
];
