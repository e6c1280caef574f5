// Nothing a client sends ends the WebAssembly program: after every garbage
// call the next good call still works, and the garbage gets an error
// object (never an exception from the Go side).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, isError } from '../index.js';

const e = await load();
const h = e.call('newGame', { variant: 'toccateglio', seats: ['person', 'random'] }).handle;

function stillWorks() {
  const st = e.call('state', { handle: h, log: false });
  assert.equal(st.handle, h);
}

const deep = '['.repeat(100000) + ']'.repeat(100000);
const garbage = [
  ['method not a string', [42, '{}']],
  ['no method', []],
  ['method null', [null, '{}']],
  ['method an object', [{ toString() { throw new Error('boom'); } }, '{}']],
  ['args an object', ['state', { handle: h }]],
  ['args a number', ['state', 7]],
  ['args a function', ['state', () => 1]],
  ['args a symbol', ['state', Symbol('x')]],
  ['args not JSON', ['state', '{handle: 1']],
  ['args an array', ['state', '[1,2,3]']],
  ['args a string', ['apply', '"e2e4"']],
  ['args nested 100000 deep', ['state', deep]],
  ['args larger than allowed', ['state', `{"handle":${h},"x":"${'a'.repeat(2 << 20)}"}`]],
  ['lone surrogate', ['apply', `{"handle":${h},"notation":"\ud800"}`]],
  ['control characters', ['apply', `{"handle":${h},"notation":"\u0000\u0001"}`]],
  ['handle of the wrong type', ['state', '{"handle":"1"}']],
  ['handle out of range', ['state', '{"handle":1e400}']],
  ['handle negative', ['state', '{"handle":-9223372036854775809}']],
  ['a key twice', ['state', `{"handle":${h},"handle":${h}}`]],
  ['a key unknown', ['state', `{"handle":${h},"hande":1}`]],
  ['an unknown method', ['rm -rf', '{}']],
  ['a huge method name', ['x'.repeat(1 << 20), '{}']],
  ['seed out of range', ['newGame', '{"variant":"festung","seed":"99999999999999999999999"}']],
  ['players out of range', ['newGame', '{"variant":"festung","players":1000000000}']],
  ['an unknown bot', ['botMove', `{"handle":${h},"bot":"deep blue"}`]],
  ['advance limit negative', ['advance', `{"handle":${h},"limit":-1}`]],
  ['since negative', ['state', `{"handle":${h},"since":-5}`]],
  ['dice out of range', ['throwManual', `{"handle":${h},"dice":[7,0]}`]],
  ['too many steps', ['nextSteps', `{"handle":${h},"steps":[${Array(1000).fill('{"from":1,"to":2}').join(',')}]}`]],
  ['a record of junk', ['loadRecord', '{"text":"\\u0000garbage\\n[[[["}']],
  ['a position ID of junk', ['loadID', '{"id":"toccateglio:1:!!!!"}']],
  ['takeback of a seat that is not there', ['takeback', `{"handle":${h},"seat":99}`]],
  ['hint count too large', ['hint', `{"handle":${h},"count":100000}`]],
  ['a rule ID too long', ['rule', `{"id":"${'T'.repeat(10000)}"}`]],
];

for (const [what, args] of garbage) {
  test(`garbage: ${what}`, () => {
    let out;
    try {
      out = e.callJSON(...args);
    } catch (err) {
      // Only JavaScript itself may throw, while turning the arguments
      // into Go values (a method whose toString throws); Go is untouched.
      assert.match(String(err), /boom/);
      stillWorks();
      return;
    }
    assert.equal(typeof out, 'string');
    const res = JSON.parse(out);
    assert.ok(isError(res), `${what}: ${out.slice(0, 200)}`);
    assert.equal(typeof res.error.name, 'string');
    assert.ok(res.error.message.length < 4096, 'the message quotes no unbounded input');
    stillWorks();
  });
}

test('after all the garbage, a whole game still plays', () => {
  let st = e.call('newGame', { variant: 'verkehren', seats: ['random', 'random'], log: false });
  while (st.state.turn !== 'over') {
    st = e.call('advance', { handle: st.handle, log: false });
  }
  assert.equal(st.state.turn, 'over');
});
