// Types of the brettspiel engine's JSON protocol (Table.Call of the Go
// package session, protocol 1; its JSON Schema is session/protocol.schema.json)
// and of this package's loader.

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

/** A single step of a move: a stone from a point to a point by a die, or a field chosen. */
export interface Step {
  from: number;
  to: number;
  trackFrom: number;
  trackTo: number;
  die: number;
  flags: string[];
  field?: number;
}

/** One legal move (or, at a chance node, one throw with its weight). */
export interface LegalMove {
  /** What "apply" takes. */
  notation: string;
  weight?: number;
  kind?: 'throw' | 'play' | 'pass' | 'decision' | 'concede' | string;
  dice?: number[];
  steps?: Step[];
  decision?: string;
  field?: number;
  fieldName?: string;
  marks?: number[];
}

/** Something a step did, as the rules name it. */
export interface Event {
  kind: string;
  /** The rule's ID, e.g. "T-M2". */
  rule?: string;
  player: number;
  other: number;
  amount: number;
  from: number;
  to: number;
  /** from in the player's track; left out of the Festungsspiel's lean state (the view without "static"), where it is from. */
  trackFrom?: number;
  /** to in the player's track; left out where trackFrom is. */
  trackTo?: number;
  fromName?: string;
  toName?: string;
  number: number;
  dice?: number[];
  note?: string;
}

/** A rule's text. */
export interface Rule {
  id: string;
  title: string;
  text: string;
  source: string;
}

/** The error object of a failed call. */
export interface ErrorObject {
  /** The sentinel's name: "ErrIllegalMove", "ErrBadCall", "ErrUnknownMethod", "ErrUnknownHandle", "ErrTooLarge", … */
  name: string;
  message: string;
  rules?: Rule[];
  /** What to tell the player, in the call's or the game's language: "You have 4 and 1 to play; 13 to 15 needs a 2." */
  say?: string;
  /** What was tried and why it was refused, as data. */
  refusal?: Refusal;
}

/** A move the rules refused: a stable code, what was tried (in the board's points) and the numbers left. */
export interface Refusal {
  /** Why, stably: "no-number", "blocked", "must-enter", "hucke-single", … */
  code: string;
  /** The seat whose move was refused. */
  player: number;
  /** The single steps tried; the refused one is steps[at]. */
  steps?: Step[];
  /** The index of the refused step, −1 when the play as a whole is refused. */
  at: number;
  /** The numbers of the throw not yet used (the large die first in the Festungsspiel). */
  dice?: number[];
  /** The number the refused step needs, or the one that must be played. */
  need?: number;
  /** A count the code names (numbers that can be played, a limit). */
  count?: number;
}

/** What a failed call answers. */
export interface ErrorResult {
  error: ErrorObject;
}

/**
 * A game's position in its JSON form: these keys are shared by every
 * variant; each adds its own (points, sides, the Festungsspiel's fields …).
 */
export interface GameState {
  version: number;
  /** The variant, e.g. "toccateglio". */
  game: string;
  /** The position ID ("loadID" takes it). */
  id: string;
  turn: 'player' | 'chance' | 'over';
  /** The seat to move; −1 unless turn is "player". */
  player: number;
  legal: LegalMove[];
  /** What the last step did. */
  events: Event[];
  /** Each seat's payoff. */
  returns: number[];
  /** The winning seat once the game is over, if one won. */
  winner?: number;
  [key: string]: unknown;
}

/** An entry of a game's move list. */
export interface LogStep {
  index: number;
  /** The seat that played it, −1 for a throw. */
  actor: number;
  notation: string;
  events: { text: string; event: Event; rule?: Rule }[];
  bot?: string;
  millis?: number;
}

/** A game's rules, seed, seats and dice mode. */
export interface Info {
  variant: string;
  preset: string;
  players: number;
  seed: string;
  /** Per seat: "person" or a bot's name. */
  seats: string[];
  dice: 'seeded' | 'manual';
}

/** The answer of every call that starts, changes or shows a game. */
export interface StateResult extends Info {
  handle: number;
  state: GameState;
  /** Steps played. */
  length: number;
  canUndo: boolean;
  canRedo: boolean;
  hasRecord: boolean;
  /** The index of the first step of log. */
  since: number;
  /** The steps from since on (empty with log: false). */
  log: LogStep[];
  /** The notation of what the call played (apply, throw, throwManual, botMove). */
  move?: string;
  /** The time the bot took, for botMove. */
  millis?: number;
  /** Steps the call played (advance). */
  played: number;
  /** Why an advance stopped before its end; the game holds the played steps and no other. */
  stopped?: 'cancelled' | 'closed' | 'budget';
  /** How the game ended, in sentences for players in the answer's language; absent while it goes on. */
  ending?: string;
}

/** A game of the catalogue. */
export interface Variant {
  name: string;
  title: string;
  description: string;
  /** name is what newGame takes; title is the name for a menu in the language of games' lang. */
  presets: { name: string; title: string; description: string; source: string }[];
  minPlayers: number;
  maxPlayers: number;
}

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
}

export interface HandleArgs {
  handle: number;
}

/** The arguments of "loadRecord" and "loadID". */
export interface LoadArgs extends View {
  seed?: Seed;
  seats?: string[];
  dice?: 'seeded' | 'manual';
}

export interface Hint {
  notation: string;
  value: number;
  reason: string;
  steps?: Step[];
}

/** One step of an analysis: a seat's decision or a throw, judged. */
export interface AnalysisStep {
  index: number;
  /** The seat, -1 for a throw. */
  actor: number;
  notation: string;
  /** The equities of the play made and the best play, from the mover's view. */
  decision?: {
    choices: number; counted: boolean; played: number; best: number; bestNotation: string; loss: number;
    /** The steps of the play made and of the best play in the board's points; absent for a move that moves no stone. */
    playedSteps?: Step[]; bestSteps?: Step[];
  };
  /** The mover's equity after the throw, the mean over every throw, and their difference. */
  throw?: { mover: number; equity: number; mean: number; luck: number };
}

/** The answer of "analyze". */
export interface Analysis {
  variant: string;
  /** How equities were judged: "net, 1 ply", "net, 2 plies" or "balance". */
  judge: string;
  /** The unit of every equity: "strokes", "points" or "markers". */
  unit: string;
  steps: AnalysisStep[];
  players: { seat: number; decisions: number; loss: number; errorRate: number; throws: number; luck: number; rating: string }[];
}

/** Every method: its arguments and its result. */
export interface Methods {
  version: { args: {} | undefined; result: { protocol: number; methods: string[] } };
  games: {
    args: {
      /** The language of the descriptions of games, presets and levels and of the presets' sources: "en" (the default) or "de". Names and titles stay the same. */
      lang?: string;
    } | undefined;
    result: {
      protocol: number;
      games: Variant[];
      /** The bots, weakest first. */
      bots: string[];
      /** games: the variants a level is made for; absent for every game. */
      levels: { name: string; strength: number; description: string; games?: string[] }[];
    };
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
  close: { args: HandleArgs; result: {} };
  state: { args: HandleArgs & View; result: StateResult };
  /** parts: false gives the notations only, without each move's kind, dice and steps. */
  legal: { args: HandleArgs & { parts?: boolean }; result: { legal: LegalMove[] } };
  nextSteps: { args: HandleArgs & { steps?: Partial<Step>[] }; result: { next: Step[]; complete: string } };
  apply: { args: HandleArgs & View & { notation: string }; result: StateResult };
  throw: { args: HandleArgs & View; result: StateResult };
  throwManual: { args: HandleArgs & View & { dice: number[] }; result: StateResult };
  undo: { args: HandleArgs & View; result: StateResult };
  redo: { args: HandleArgs & View; result: StateResult };
  takeback: { args: HandleArgs & View & { seat?: number }; result: StateResult };
  botMove: { args: HandleArgs & View & { bot: string }; result: StateResult };
  /** Plays the throws and the bots' moves until a person is to move or the game is over. */
  advance: { args: HandleArgs & View & { limit?: number }; result: StateResult };
  hint: { args: HandleArgs & { bot?: string; count?: number }; result: { hints: Hint[] } };
  saveRecord: { args: HandleArgs; result: { text: string } };
  positionID: { args: HandleArgs; result: { id: string } };
  /** The Festungsspiel's plan: its layout and fields, fixed by the rules. */
  plan: { args: HandleArgs; result: { layout: Record<string, unknown>; fields: { id: number; name: string; kind: string; [key: string]: unknown }[] } };
  /** The analysis of the steps played: each decision's loss, each throw's luck, each seat's error rate and rating. */
  analyze: { args: HandleArgs & { plies?: 1 | 2 }; result: Analysis };
}

export type Method = keyof Methods;
export type Args<M extends Method> = Methods[M]['args'];
export type Result<M extends Method> = Methods[M]['result'];

// ---- the loader ----

/** A failed call, thrown by call: the protocol's error object. */
export class BrettspielError extends Error {
  /** The sentinel's name, e.g. "ErrIllegalMove". */
  readonly code: string;
  readonly rules: Rule[];
  readonly method: string;
}

/** Whether an answer is an error object. */
export function isError(result: unknown): result is ErrorResult;

export interface LoadOptions {
  /** Where the module is: a URL or path, its bytes, a compiled module or a fetch Response; by default brettspiel.wasm beside index.js. */
  wasm?: URL | string | ArrayBuffer | ArrayBufferView | WebAssembly.Module | Response;
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
  /** A worker running this package's worker.js, made by the caller. */
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
