// node packages/core/scripts/recordFixtures.ts
//
// Records the exact bytes of real Mastra agent streams into packages/core/src/fixtures: a real
// Mastra server (Hono + LibSQL in memory, from @ask-user-kit/testing) with scripted agents,
// spoken to with plain fetch. Each stream is saved as the server sent it; nothing is edited.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ask, reply, startMastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent } from '@ask-user-kit/testing/demo';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(here, '../src/fixtures');
const memory = { thread: 'fixture-thread', resource: 'fixture-user' };

const longText = Array.from(
  { length: 160 },
  (_, i) => `Day ${i + 1}: walk the old town, eat well, rest a little and write down what you saw. `,
).join('');

const agents = {
  text: askUserAgent('text', [
    ask.text('Where would you like to go?'),
    reply(({ answers }) => `${answers[0]} it is! I will plan three easy days there.`),
  ]),
  single: askUserAgent('single', [
    ask.single('How will you travel?', [
      { label: 'Train', description: 'Slower, scenic, low carbon' },
      { label: 'Plane', description: 'Fastest for long distances' },
      { label: 'Car', description: 'Flexible stops along the way' },
    ]),
    reply(({ answers }) => `Travelling by ${answers[0]?.toLowerCase()}: good choice.`),
  ]),
  multiple: askUserAgent('multiple', [
    ask.multiple('What should the trip include?', ['Museums', 'Hiking', 'Food tours', 'Beaches']),
    reply(({ answers }) => `The days will include: ${answers[0]}.`),
  ]),
  twoAsks: askUserAgent('twoAsks', [
    ask.many(ask.text('What is your name?'), ask.single('Window or aisle?', ['Window', 'Aisle'])),
    reply(({ answers }) => `Thanks ${answers[0]}, you get a ${answers[1]?.toLowerCase()} seat.`),
  ]),
  longReply: askUserAgent('longReply', [reply(longText, { deltas: 2000 })]),
  unicode: askUserAgent('unicode', [
    ask.single('Où voulez-vous aller ? 🌍', [
      { label: 'Málaga ☀️', description: 'Plages, tapas et soleil' },
      { label: 'Kraków 🏰', description: 'Vieille ville, żurek et pierogi' },
      { label: '東京 🗼', description: 'Sushi, temples et néons' },
    ]),
    reply(({ answers }) => `Très bien : ${answers[0]} ! Préparez-vous 🎒✈️ — à bientôt, ¡buen viaje! 🥳`, {
      deltas: 24,
    }),
  ]),
};

interface Recorded {
  file: string;
  bytes: number;
  chunks: number;
  what: string;
}
const recorded: Recorded[] = [];

const server = await startMastraTestServer({ agents });
try {
  const post = async (agent: string, route: string, body: unknown) => {
    const response = await fetch(`${server.url}/api/agents/${agent}/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (!response.ok)
      throw new Error(`${agent}/${route}: ${response.status} ${new TextDecoder().decode(bytes)}`);
    return bytes;
  };
  const save = (file: string, bytes: Uint8Array, what: string) => {
    writeFileSync(path.join(out, file), bytes);
    const text = new TextDecoder().decode(bytes);
    recorded.push({
      file,
      bytes: bytes.length,
      chunks: text.split('\n\n').filter((f) => f.startsWith('data: {')).length,
      what,
    });
    return text;
  };
  const suspended = (sse: string) => {
    const frames = sse
      .split('\n\n')
      .filter((f) => f.startsWith('data: {'))
      .map((f) => JSON.parse(f.slice(6)) as { type: string; runId: string; payload: { toolCallId: string } });
    const call = frames.findLast((f) => f.type === 'tool-call-suspended');
    if (!call) throw new Error('expected a tool-call-suspended chunk');
    return { runId: call.runId, toolCallId: call.payload.toolCallId };
  };
  const ask1 = async (agent: string, name: string, message: string, answers: unknown[], what: string) => {
    let sse = save(
      `${name}.stream.sse`,
      await post(agent, 'stream', { messages: [{ role: 'user', content: message }], memory }),
      `${what}: the question`,
    );
    for (const [i, answer] of answers.entries()) {
      const file = answers.length > 1 ? `${name}.resume-${i + 1}.sse` : `${name}.resume.sse`;
      sse = save(
        file,
        await post(agent, 'resume-stream', { ...suspended(sse), resumeData: answer, memory }),
        `resumed with ${JSON.stringify(answer)}`,
      );
    }
  };

  mkdirSync(out, { recursive: true });
  await ask1('text', 'text', 'Plan a trip for me.', ['Lisbon'], 'free text');
  await ask1('single', 'single', 'Plan a trip for me.', ['Train'], 'single choice with descriptions');
  await ask1('multiple', 'multiple', 'Plan a trip for me.', [['Museums', 'Food tours']], 'multiple choice');
  await ask1(
    'twoAsks',
    'two-asks',
    'Book me a seat.',
    ['Ada', 'Window'],
    'two ask_user calls in one step (only the first suspends)',
  );
  const long = save(
    'long-reply.stream.sse',
    await post('longReply', 'stream', { messages: [{ role: 'user', content: 'Plan a long trip.' }] }),
    '',
  );
  recorded.at(-1)!.what = `a long reply in ${long
    .split('\n\n')
    .filter((f) => f.includes('"type":"text-delta"'))
    .length.toLocaleString('en')} text deltas, no question`;
  await ask1(
    'unicode',
    'unicode',
    'Où partir ?',
    ['Kraków 🏰'],
    'non-ASCII: accents, CJK and emoji in the question, options and reply',
  );

  // One run left suspended, as Mastra lists it for restoring after a reload.
  const pendingRun = await post('text', 'stream', {
    messages: [{ role: 'user', content: 'Plan another trip.' }],
    memory,
  });
  save(
    'suspended.stream.sse',
    pendingRun,
    'free text, left unanswered (the run listed in suspended-runs.json)',
  );
  const list = await fetch(`${server.url}/api/agents/text/suspended-runs?resourceId=${memory.resource}`);
  const json = new Uint8Array(await list.arrayBuffer());
  writeFileSync(path.join(out, 'suspended-runs.json'), json);
  recorded.push({
    file: 'suspended-runs.json',
    bytes: json.length,
    chunks: 0,
    what: 'GET suspended-runs?resourceId=fixture-user (JSON)',
  });
} finally {
  await server.close();
}

const require = createRequire(path.resolve(here, '../../testing/package.json'));
const version = (name: string) =>
  (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
const versions = ['@mastra/core', '@mastra/hono', '@mastra/libsql', 'ai']
  .map((n) => `${n} ${version(n)}`)
  .join(', ');

const rows = recorded.map(
  (r) => `| \`${r.file}\` | ${r.what} | ${r.chunks || '—'} | ${r.bytes.toLocaleString('en')} |`,
);
writeFileSync(
  path.join(out, 'README.md'),
  `# Recorded Mastra streams

Exact bytes of real Mastra agent responses, recorded by \`node packages/core/scripts/recordFixtures.ts\`
(re-run it to record them again; it rewrites this file too). Nothing in them is edited.

How: a real Mastra server from \`@ask-user-kit/testing\` (\`startMastraTestServer\`: Hono adapter,
LibSQL in memory, on 127.0.0.1) with agents whose model is the scripted \`MockLanguageModelV4\`
and whose only tool is Mastra's real \`askUserTool\`. Each stream was requested with plain \`fetch\`
(\`POST /api/agents/:id/stream\` with \`memory: { thread: "fixture-thread", resource: "fixture-user" }\`,
then \`POST /api/agents/:id/resume-stream\` with the \`runId\` and \`toolCallId\` of the last
\`tool-call-suspended\` chunk) and the response body saved byte for byte.

Recorded on ${new Date().toISOString().slice(0, 10)} with Node ${process.versions.node}, ${versions}.
Run ids, message ids and timestamps change on every recording; tests must not depend on them.

A \`.stream.sse\` file is the first response of a run; \`.resume.sse\` (or \`.resume-N.sse\`) the answer
to the question the previous file ended with.

| file | what | chunks | bytes |
| --- | --- | --- | --- |
${rows.join('\n')}
`,
);
console.log(`Recorded ${recorded.length} files into ${path.relative(process.cwd(), out)} (${versions}).`);
