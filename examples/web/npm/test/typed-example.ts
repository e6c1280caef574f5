// A typed use of the package, checked by tsc --noEmit (test/tsconfig.json;
// .ci/run runs it): every key of an answer has its type, a state narrows
// by its variant, and the lines marked @ts-expect-error must not compile.
import {
  load, startWorker, BrettspielError, isError,
  type Engine, type StateResult, type GameState, type State, type LegalMove, type Event, type Step,
  type FestungField, type FestungHeldField, type Refusal, type Variant, type Hint, type Result,
} from '../index.js';

async function play(): Promise<number[]> {
  const e: Engine = await load({ maxGames: 4 });
  let st: StateResult = e.call('newGame', { variant: 'verkehren', seats: ['person', 'greedy'], seed: 7 });
  while (st.state.turn !== 'over') {
    if (st.state.turn === 'player' && st.seats[st.state.player] === 'person') {
      const { legal } = e.call('legal', { handle: st.handle });
      const first: LegalMove = legal[0];
      const steps: Step[] = first.steps ?? [];
      const hits = steps.filter((s) => s.flags.includes('hit')).length;
      st = e.call('apply', { handle: st.handle, notation: first.notation, since: st.length });
      void hits;
    } else {
      st = e.call('advance', { handle: st.handle, log: false });
    }
  }
  const events: Event[] = st.log.flatMap((l) => l.events.map((x) => x.event));
  const marks = events.filter((ev) => ev.kind === 'mark').map((ev) => ev.amount);
  void marks;
  return st.state.returns;
}

// A state narrows by its game: each variant's keys are typed.
function describe(s: GameState): string {
  switch (s.game) {
    case 'toccateglio':
      return `${s.phase}: strokes ${s.toccateglio.strokes.join(':')}, ${s.rules.partien} Partien, ${s.points[0].count} stones on 1`;
    case 'verkehren':
      return `${s.phase}: ${s.verkehren.ending}, junker ${s.verkehren.junker.join()}, bands ${s.rules.bands}`;
    case 'festung': {
      const held = s.fields.filter((f: FestungField | FestungHeldField) => f.marker).length;
      const throwing = s.throw === null ? 'no throw' : `${s.throw.notation} of ${s.throw.offer.join(' ')}`;
      return `${held} fields held, ${throwing}, seat ${s.seats[0].seat} balance ${s.seats[0].balance}, stake ${s.rules.stake}`;
    }
  }
}

function festungOnly(s: State<'festung'>): number {
  return s.markersOnPlan + (s.layout?.fieldSize ?? 0);
}

async function errors(e: Engine): Promise<void> {
  try {
    e.call('apply', { handle: 1, notation: '1/7 1/8' });
  } catch (err) {
    if (err instanceof BrettspielError) {
      const r: Refusal | undefined = err.refusal;
      const say: string | undefined = err.say;
      console.log(err.name, err.code, err.message, say, r?.code, r?.need, err.rules.map((x) => x.id));
    }
  }
  const raw: unknown = JSON.parse(e.callJSON('state', '{"handle":99}'));
  if (isError(raw)) {
    console.log(raw.error.name, raw.error.say ?? '');
  }
  const w = await startWorker();
  const v: Result<'version'> = await w.call('version');
  const games: Variant[] = (await w.call('games')).games;
  const hints: Hint[] = (await w.call('hint', { handle: 1, count: 3 })).hints;
  const plan = await w.call('plan', { handle: 1 });
  console.log(v.protocol, games[0].presets[0].title, hints[0]?.value, plan.layout.width, plan.fields[0].kind);
  w.terminate();
}

function wrong(e: Engine, st: StateResult): void {
  // @ts-expect-error apply needs a notation
  e.call('apply', { handle: st.handle });
  // @ts-expect-error no such key in a state answer
  console.log(st.nosuch);
  // @ts-expect-error turn is one of three words
  const t: 'player' | 'chance' = st.state.turn;
  // @ts-expect-error the Festungsspiel's keys are not every variant's
  console.log(st.state.markersOnPlan);
  // @ts-expect-error no such method
  e.call('nosuch');
  // @ts-expect-error maxGames is a number
  void load({ maxGames: '3' });
  void t;
}

export { play, describe, festungOnly, errors, wrong };
