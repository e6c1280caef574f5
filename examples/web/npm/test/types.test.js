// The TypeScript declarations name every method of the protocol, no more.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { load } from '../index.js';

test('index.d.ts declares exactly the methods the engine has', async () => {
  const dts = await readFile(new URL('../index.d.ts', import.meta.url), 'utf8');
  const body = dts.slice(dts.indexOf('export interface Methods {'));
  const block = body.slice(0, body.indexOf('\n}\n'));
  const declared = [...block.matchAll(/^ {2}(\w+): \{/gm)].map((m) => m[1]).sort();
  const e = await load();
  assert.deepEqual(declared, e.call('version').methods);
});

test('package.json ships what the loader imports', async () => {
  const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
  assert.equal(pkg.type, 'module');
  for (const f of ['index.js', 'index.d.ts', 'protocol.d.ts', 'worker.js', 'brettspiel.wasm', 'wasm_exec.js']) {
    assert.ok(pkg.files.includes(f), f);
  }
  assert.equal(pkg.exports['.'].default, './index.js');
  assert.equal(pkg.exports['.'].types, './index.d.ts');
});

test('package.json names its licence, repository, homepage and Node versions', async () => {
  const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
  assert.equal(pkg.license, 'MIT');
  assert.deepEqual(pkg.repository, { type: 'git', url: 'https://github.com/brettspiel/brettspiel.git', directory: 'examples/web/npm' });
  assert.equal(pkg.homepage, 'https://github.com/brettspiel/brettspiel#readme');
  // the Node running this test is one the package says it works on
  const least = Number(/^>=(\d+)$/.exec(pkg.engines.node)?.[1]);
  assert.ok(least >= 20, `engines.node ${pkg.engines.node}: wasm_exec.js needs globalThis.crypto, global from Node 19`);
  assert.ok(Number(process.versions.node.split('.')[0]) >= least, `node ${process.version} is older than engines.node ${pkg.engines.node}`);
  assert.equal(pkg.dependencies, undefined, 'the package has no dependencies');
  assert.equal(pkg.devDependencies, undefined, 'the package has no dev dependencies');
});

test('index.d.ts names the methods this WebAssembly always refuses, and it refuses them', async () => {
  const dts = await readFile(new URL('../index.d.ts', import.meta.url), 'utf8');
  const body = dts.slice(dts.indexOf('export interface Methods {'));
  const block = body.slice(0, body.indexOf('\n}\n'));
  const said = {};
  const words = (comment) => comment.replace(/\s*\n\s*\*?\s*/g, ' '); // a comment's lines as one
  for (const m of block.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*\n {2}(\w+): \{/g)) {
    const refused = /Always refused by this package's WebAssembly \((\w+)\)/.exec(words(m[1]));
    if (refused) {
      said[m[2]] = refused[1];
    }
  }
  assert.deepEqual(said, { analyze: 'ErrUnknownMethod', rollout: 'ErrUnknownMethod', claim: 'ErrBadCall', answerTakeback: 'ErrBadCall', answerGiveUp: 'ErrBadCall', verifyDice: 'ErrUnknownMethod' });
  const owned = /owned\?: boolean/.exec(dts);
  assert.ok(owned && /Always refused by this package's WebAssembly \(ErrBadCall\)/.test(words(dts.slice(dts.lastIndexOf('/**', owned.index), owned.index))), 'Config.owned says it is refused');

  const e = await load();
  const { handle } = e.call('newGame', { variant: 'verkehren', log: false });
  const args = {
    analyze: { handle },
    rollout: { handle },
    claim: { handle, seat: 0 },
    answerTakeback: { handle, accept: true },
    answerGiveUp: { handle, accept: true },
    verifyDice: { text: '', commitment: '', seed: 1, salt: '' },
  };
  for (const [method, name] of Object.entries(said)) {
    assert.throws(() => e.call(method, args[method]), (err) => err.name === name, method);
  }
  assert.throws(() => e.call('newGame', { variant: 'verkehren', owned: true }), (err) => err.name === 'ErrBadCall', 'newGame with owned');
  e.call('close', { handle });
});
