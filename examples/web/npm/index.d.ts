// Types of the brettspiel engine's JSON protocol (Table.Call of the Go
// package session, protocol 1) and of this package's loader. The answers'
// types are protocol.d.ts, made from the JSON Schemas of the session and of
// the variants' states (go generate ./examples/web/npm/gen); the methods'
// arguments and the loader are written here.
//
// This package's WebAssembly is built for one screen and kept small, so
// some of the protocol is not in it, and those calls are always refused
// (the package doc of session says why): newGame with "owned": true,
// claim, answerTakeback and answerGiveUp with ErrBadCall (owned seats are a
// server's: there are no seats to claim, and a takeback or a give-up is
// done at once); verifyDice
// (the check of dice, for its SHA-256), analyze and rollout (built without
// the tag nets, which also leaves out the bots' net levels) with
// ErrUnknownMethod.
// The methods that refuse always say so in their comments below.

// ---- values of the protocol ----

/** A seed: 0…2⁶⁴−1; answers carry it as a string of decimal digits. */
export type Seed = number | string;

/** Which parts of a state an answer sends; every call that answers with a state takes it. */
export interface View {
  /** The first step of the log to send (default: the game's length when the call began, so the log holds the steps the call played; 0 for the whole log). */
  since?: number;
  /** false leaves the log out. */
  log?: boolean;
  /** true sends the last step's events in the state's "events" (by default empty: the log says them). */
  events?: boolean;
  /** false leaves out the legal moves at a seat's turn. */
  legal?: boolean;
  /** true gives each event of the log its rule's text (by default the event names its rule by ID). */
  rules?: boolean;
  /** true sends the throws at a chance node with their weights. */
  chance?: boolean;
  /** true sends what the rules fix in every state (the Festungsspiel's plan); by default "plan" gives it once. */
  static?: boolean;
  /**
   * The language of the answer's sentences for players ("en" or "de"); by
   * default the game's. In newGame, loadRecord and loadID it sets the game's language.
   */
  lang?: 'en' | 'de' | string;
}

// ---- the answers: protocol.d.ts, generated from the schemas ----

export * from './protocol.js';
import type {
  StateResult, GameState, GamesResult, HintsResult, Analysis, RolloutResult, Rule, LegalResult, NextResult, Step,
  EmptyResult, TextResult, IDResult, VersionResult, PlanResult, ErrorObject, ErrorResult, Refusal, Claim, Watch,
  DiceCheck,
} from './protocol.js';

/** A game's rules, seed, seats and dice mode: the keys of a state answer that say what game it is. */
export type Info = Pick<StateResult, 'variant' | 'preset' | 'players' | 'seed' | 'seats' | 'dice'>;
/** A game of the catalogue ("games"). */
export type Variant = GamesResult['games'][number];
/** A ranked move ("hint"). */
export type Hint = HintsResult['hints'][number];
/** One step of an analysis: a seat's decision or a throw, judged. */
export type AnalysisStep = Analysis['steps'][number];
/** The state of a game of one variant, by its name: State<'festung'>. */
export type State<G extends GameState['game']> = Extract<GameState, { game: G }>;

// ---- the arguments ----

/** How to set a game up ("newGame"). */
export interface Config extends View {
  /** The variant's name, e.g. "verkehren" (required). */
  variant: string;
  preset?: string;
  players?: number;
  seed?: Seed;
  /** Per seat: "person" (or "") or a bot's name. */
  seats?: string[];
  dice?: 'seeded' | 'manual';
  /**
   * true: the people's seats are claimed ("claim") and every call that acts
   * carries its seat's secret. Always refused by this package's WebAssembly
   * (ErrBadCall): owned seats are a server's; false or absent is a game of
   * one screen, whose caller plays every seat.
   */
  owned?: boolean;
  /** A time control: a delay per decision and a reserve per person's seat, in milliseconds. */
  clock?: { delayMillis: number; reserveMillis: number };
  /** Rules chosen beside the preset, by the names "games" lists under settings, e.g. ["schule=true"]. */
  settings?: string[];
}

export interface HandleArgs {
  handle: number;
}

/** The seat's secret ("claim" gives it) of a game with owned seats; not needed in a game without, and ignored by this package's WebAssembly, which makes none. */
export interface SecretArgs {
  secret?: string;
}

/** The arguments of "loadRecord" and "loadID". */
export interface LoadArgs extends View {
  seed?: Seed;
  seats?: string[];
  dice?: 'seeded' | 'manual';
}

/** Every method: its arguments and its result. */
export interface Methods {
  version: { args: {} | undefined; result: VersionResult };
  games: {
    args: {
      /** The language of the descriptions of games, presets and levels and of the presets' sources: "en" (the default) or "de". Names and titles stay the same. */
      lang?: string;
    } | undefined;
    result: GamesResult;
  };
  rule: {
    args: {
      id: string;
      /** The language of the text: "en" (the default) or "de", also with a region ("de-AT"). */
      lang?: 'en' | 'de' | string;
    };
    result: Rule;
  };
  newGame: { args: Config; result: StateResult };
  loadRecord: { args: LoadArgs & { text: string }; result: StateResult };
  loadID: { args: LoadArgs & { id: string }; result: StateResult };
  close: { args: HandleArgs & SecretArgs; result: EmptyResult };
  state: { args: HandleArgs & View; result: StateResult };
  /** parts: false gives the notations only, without each move's kind, dice and steps. */
  legal: { args: HandleArgs & { parts?: boolean }; result: LegalResult };
  nextSteps: { args: HandleArgs & { steps?: Partial<Step>[] }; result: NextResult };
  apply: { args: HandleArgs & SecretArgs & View & { notation: string }; result: StateResult };
  throw: { args: HandleArgs & SecretArgs & View; result: StateResult };
  throwManual: { args: HandleArgs & SecretArgs & View & { dice: number[] }; result: StateResult };
  undo: { args: HandleArgs & SecretArgs & View; result: StateResult };
  redo: { args: HandleArgs & SecretArgs & View; result: StateResult };
  takeback: { args: HandleArgs & SecretArgs & View & { seat?: number }; result: StateResult };
  botMove: { args: HandleArgs & SecretArgs & View & { bot: string }; result: StateResult };
  /** Plays the throws and the bots' moves until a person is to move or the game is over. */
  advance: { args: HandleArgs & SecretArgs & View & { limit?: number }; result: StateResult };
  hint: { args: HandleArgs & { bot?: string; count?: number }; result: HintsResult };
  saveRecord: { args: HandleArgs; result: TextResult };
  positionID: { args: HandleArgs; result: IDResult };
  /** The Festungsspiel's plan: its layout and fields, fixed by the rules. */
  plan: { args: HandleArgs; result: PlanResult };
  /** The analysis of the steps played: each decision's loss, each throw's luck, each seat's error rate and rating. Always refused by this package's WebAssembly (ErrUnknownMethod): it is built without the tag nets, which links the analysis in. */
  analyze: { args: HandleArgs & { plies?: 1 | 2; from?: number; count?: number; lang?: string }; result: Analysis };
  /** Plays games from a position (the position now, or before "step", a decision played) by a level on every seat: each candidate play's mean result with its standard error (the best "plays" by one ply, those "within" so much of the best, and the play made at "step"), or with "position": true the position's own. Reproducible by "seed"; the Festungsspiel is refused (ErrExactJudge). Always refused by this package's WebAssembly (ErrUnknownMethod): it is built without the tag nets, which links the rollouts in. */
  rollout: {
    args: HandleArgs & {
      step?: number; position?: boolean; plays?: number; within?: number; games?: number;
      turns?: number; bot?: string; seed?: Seed; varianceReduction?: boolean;
    };
    result: RolloutResult;
  };
  /** Claims a person's seat of a game with owned seats: its secret, given once. Always refused by this package's WebAssembly (ErrBadCall): it makes no game of owned seats. */
  claim: { args: HandleArgs & { seat: number }; result: Claim };
  /** Names a person's seat: trimmed, at most 24 characters, printable; "" takes the name away. In a game of owned seats only that seat's secret names it. Every state and watch then carries the seats' "names". */
  name: { args: HandleArgs & SecretArgs & View & { seat: number; name: string }; result: StateResult };
  /** Grants (accept: true) or refuses the takeback another seat asked. Always refused by this package's WebAssembly (ErrBadCall): without owned seats a takeback is done at once. */
  answerTakeback: { args: HandleArgs & View & { accept: boolean; secret: string }; result: StateResult };
  /** Gives up for a seat as its game's rules allow: the Partie in Toccateglio (T-W6), the single game in Verkehren (V-W2), at the seat's own decision; by default the seat to move. Without owned seats it is done at once (the Festungsspiel's game then ends by agreement). */
  giveUp: { args: HandleArgs & SecretArgs & View & { seat?: number }; result: StateResult };
  /** Agrees (accept: true) or not to the give-up another seat asked where the rules want consent. Always refused by this package's WebAssembly (ErrBadCall): without owned seats a give-up is done at once. */
  answerGiveUp: { args: HandleArgs & View & { accept: boolean; secret: string }; result: StateResult };
  /** The change of a game since a revision ("rev" of a state or of the last watch). */
  watch: { args: HandleArgs & { rev: number; lang?: string }; result: Watch };
  /** Checks a finished game's dice: the commitment is that of the seed and the salt (in hex), and every throw of the record is the one the seed gives; length, the steps the game played, makes a record cut short fail. The answer says the throws and steps checked and whether they reach the game's end (over). Always refused by this package's WebAssembly (ErrUnknownMethod): it leaves the check of dice out, with its SHA-256. */
  verifyDice: { args: { text: string; commitment: string; seed: Seed; salt: string; length?: number; redraws?: number[] }; result: DiceCheck };
}

export type Method = keyof Methods;
export type Args<M extends Method> = Methods[M]['args'];
export type Result<M extends Method> = Methods[M]['result'];

// ---- the loader ----

/** A failed call, thrown by call: the protocol's error object, its keys kept. */
export class BrettspielError extends Error {
  /** The sentinel's name, e.g. "ErrIllegalMove" (as a DOMException's name says its kind). */
  readonly name: string;
  /** The name, as earlier versions called it. */
  readonly code: string;
  /** The rules that refused, with their texts (may be empty). */
  readonly rules: Rule[];
  /** What to tell the player, in the call's or the game's language; absent where the error is not the player's. */
  readonly say?: string;
  /** The refused move as data; absent unless a move was refused. */
  readonly refusal?: Refusal;
  /** The method that failed. */
  readonly method: string;
}

/** Whether an answer is an error object. */
export function isError(result: unknown): result is ErrorResult;

export interface LoadOptions {
  /** Where the module is: a URL or path, its bytes, a compiled module or a fetch Response; by default brettspiel.wasm beside index.js. */
  wasm?: URL | string | ArrayBuffer | ArrayBufferView | WebAssembly.Module | Response;
  /**
   * The most games the table holds at once (the session's Options.MaxGames),
   * a whole number of at least 1; 32 by default. A newGame beyond it is
   * refused with ErrTableFull until a game is closed.
   */
  maxGames?: number;
}

/** An engine in this thread: one table of games. */
export class Engine {
  /** Milliseconds to compile and instantiate the module, and to start it. */
  readonly timing: { instantiate: number; start: number };
  readonly protocol: number;
  /** Calls a method; an error answer is thrown as a BrettspielError. */
  call<M extends Method>(method: M, ...args: undefined extends Args<M> ? [args?: Args<M>] : [args: Args<M>]): Result<M>;
  /** The protocol as it is: JSON text in, JSON text out (error objects included). */
  callJSON(method: string, argsJSON?: string): string;
}

/** Loads and starts the engine. */
export function load(options?: LoadOptions): Promise<Engine>;

/** An engine in a worker: the same calls, answered asynchronously. */
export class WorkerEngine {
  call<M extends Method>(method: M, ...args: undefined extends Args<M> ? [args?: Args<M>] : [args: Args<M>]): Promise<Result<M>>;
  terminate(): void;
}

export interface WorkerOptions {
  /** The most games the worker's table holds at once, as load's (32 by default). */
  maxGames?: number;
  /** A worker running this package's worker.js, made by the caller (its options then are the caller's: workerData or the worker's name, {maxGames}). */
  worker?: unknown;
}

/** Starts the engine in a Web Worker (browser) or a worker_threads Worker (Node). */
export function startWorker(options?: WorkerOptions): Promise<WorkerEngine>;

/** The messages worker.js takes and posts. */
export interface WorkerRequest {
  id: number | string;
  method: Method | string;
  args?: object | string | null;
}
export type WorkerResponse = { id: number | string; result: unknown } | { id: number | string; error: ErrorObject };
